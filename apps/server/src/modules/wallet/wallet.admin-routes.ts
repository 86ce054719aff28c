import { idParamsSchema, reasonRequestSchema } from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  adjustmentRequestSchema,
  balanceListSchema,
  journalListRequestSchema,
  journalSchema,
  reconciliationSchema,
} from '@app/contract/ledger';
import { parseAmount } from '@app/contract/money';
import {
  adminBankSchema,
  adminDepositListRequestSchema,
  adminDepositSchema,
  adminSettingsSchema,
  adminWithdrawalListRequestSchema,
  adminWithdrawalSchema,
  approveWithdrawalRequestSchema,
  confirmDepositRequestSchema,
  depositAddressListRequestSchema,
  depositAddressSchema,
  generalSettingsSchema,
  importAddressesRequestSchema,
  importAddressesResponseSchema,
  saveBankListItemRequestSchema,
} from '@app/contract/wallet';
import { walletRulesSchema } from '@app/contract/wallet-rules';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readImage } from '../../lib/uploads.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { listJournals, reconcile, userBalances } from '../ledger/ledger.reads.js';
import { postJournal, transact } from '../ledger/ledger.service.js';
import { forgetUserSessions } from '../users/session-cache.js';
import { getUserOrThrow, usernamesByIds } from '../users/users.service.js';
import * as depositsService from './deposits.service.js';
import { banks, depositAddresses, deposits, withdrawals } from './wallet.tables.js';
import * as withdrawalsService from './withdrawals.service.js';

/** Finance back office: deposits, withdrawals, the address pool, banks, wallet settings, adjustments and the books. */
export async function walletAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const finance = requireAdmin(db, ['finance']);
  const readers = requireAdmin(db, ['finance', 'support', 'reviewer']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);
  const adminId = (request: FastifyRequest) => adminSessionOf(request).admin.id;

  // Deposits

  r.get(
    '/deposits',
    {
      onRequest: finance,
      schema: {
        tags,
        querystring: adminDepositListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminDepositSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, status, userId } = request.query;
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(deposits.status, status));
      if (userId) conditions.push(eq(deposits.userId, Number(userId)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(deposits)
          .where(where)
          .orderBy(desc(deposits.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(deposits).where(where),
      ]);
      const names = await usernamesByIds(
        db,
        rows.map((d) => d.userId),
      );
      const list = rows.map((d) => depositsService.toAdminDeposit(d, names.get(d.userId) ?? ''));
      return ok(request, { list, total: totalRow?.total ?? 0, page, pageSize });
    },
  );

  r.get(
    '/deposits/:id/proof',
    { onRequest: finance, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const deposit = await depositsService.findDeposit(db, Number(request.params.id));
      const image = deposit?.proofFile
        ? await readImage(ctx.config.dataDir, 'deposits', deposit.proofFile, 6 * 1024 * 1024)
        : null;
      if (!image) throw new AppError('not_found');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );

  const auditDeposit =
    (request: FastifyRequest, action: 'deposit.confirm' | 'deposit.reject') =>
    async (
      tx: DbOrTx,
      before: { status: string },
      after: {
        status: string;
        creditedAmount: bigint | null;
        id: number;
        note: string | null;
        rejectReason: string | null;
      },
    ) =>
      recordAudit(tx, actor(request), {
        action,
        targetType: 'deposit',
        targetId: after.id,
        before: { status: before.status },
        after: {
          status: after.status,
          creditedAmount: after.creditedAmount === null ? null : after.creditedAmount.toString(),
          note: after.note,
          reason: after.rejectReason,
        },
      });

  const depositAnswer = async (
    request: FastifyRequest,
    row: { userId: number } & Parameters<typeof depositsService.toAdminDeposit>[0],
  ) => {
    forgetUserSessions(row.userId);
    const user = await getUserOrThrow(db, row.userId);
    return ok(request, depositsService.toAdminDeposit(row, user.username));
  };

  r.post(
    '/deposits/:id/confirm',
    {
      onRequest: finance,
      schema: {
        tags,
        params: idParamsSchema,
        body: confirmDepositRequestSchema,
        response: { 200: envelopeSchema(adminDepositSchema) },
      },
    },
    async (request) => {
      const row = await depositsService.confirmDeposit(
        db,
        Number(request.params.id),
        request.body,
        adminId(request),
        auditDeposit(request, 'deposit.confirm'),
      );
      return depositAnswer(request, row);
    },
  );

  r.post(
    '/deposits/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        params: idParamsSchema,
        body: reasonRequestSchema,
        response: { 200: envelopeSchema(adminDepositSchema) },
      },
    },
    async (request) => {
      const row = await depositsService.rejectDeposit(
        db,
        Number(request.params.id),
        request.body.reason,
        adminId(request),
        auditDeposit(request, 'deposit.reject'),
      );
      return depositAnswer(request, row);
    },
  );

  // Withdrawals

  r.get(
    '/withdrawals',
    {
      onRequest: finance,
      schema: {
        tags,
        querystring: adminWithdrawalListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminWithdrawalSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, status, userId } = request.query;
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(withdrawals.status, status));
      if (userId) conditions.push(eq(withdrawals.userId, Number(userId)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(withdrawals).where(where),
      ]);
      const names = await usernamesByIds(
        db,
        rows.map((w) => w.userId),
      );
      const list = rows.map((w) => withdrawalsService.toAdminWithdrawal(w, names.get(w.userId) ?? ''));
      return ok(request, { list, total: totalRow?.total ?? 0, page, pageSize });
    },
  );

  const auditWithdrawal =
    (request: FastifyRequest, reason?: string) =>
    async (
      tx: DbOrTx,
      before: { status: string },
      after: { id: number; status: string; payoutReference: string | null },
    ) =>
      recordAudit(tx, actor(request), {
        action:
          after.status === 'rejected'
            ? 'withdrawal.reject'
            : after.status === 'paid'
              ? 'withdrawal.pay'
              : 'withdrawal.first_approval',
        targetType: 'withdrawal',
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status, payoutReference: after.payoutReference, ...(reason ? { reason } : {}) },
      });

  const withdrawalAnswer = async (
    request: FastifyRequest,
    row: Parameters<typeof withdrawalsService.toAdminWithdrawal>[0],
  ) => {
    forgetUserSessions(row.userId);
    const user = await getUserOrThrow(db, row.userId);
    return ok(request, withdrawalsService.toAdminWithdrawal(row, user.username));
  };

  r.post(
    '/withdrawals/:id/approve',
    {
      onRequest: finance,
      schema: {
        tags,
        params: idParamsSchema,
        body: approveWithdrawalRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) => {
      const row = await withdrawalsService.approveWithdrawal(
        db,
        Number(request.params.id),
        adminId(request),
        request.body.payoutReference,
        auditWithdrawal(request),
      );
      return withdrawalAnswer(request, row);
    },
  );

  r.post(
    '/withdrawals/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        params: idParamsSchema,
        body: reasonRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) => {
      const row = await withdrawalsService.rejectWithdrawal(
        db,
        Number(request.params.id),
        adminId(request),
        request.body.reason,
        auditWithdrawal(request, request.body.reason),
      );
      return withdrawalAnswer(request, row);
    },
  );

  // Deposit address pool

  r.get(
    '/deposit-addresses',
    {
      onRequest: finance,
      schema: {
        tags,
        querystring: depositAddressListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(depositAddressSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, assigned } = request.query;
      const where =
        assigned === 'yes'
          ? isNotNull(depositAddresses.userId)
          : assigned === 'no'
            ? isNull(depositAddresses.userId)
            : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(depositAddresses)
          .where(where)
          .orderBy(desc(depositAddresses.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(depositAddresses).where(where),
      ]);
      const names = await usernamesByIds(
        db,
        rows.flatMap((a) => (a.userId === null ? [] : [a.userId])),
      );
      const list = rows.map((a) => ({
        id: String(a.id),
        network: 'TRC20' as const,
        address: a.address,
        username: a.userId === null ? null : (names.get(a.userId) ?? null),
        assignedAt: a.assignedAt?.toISOString() ?? null,
        importedAt: a.importedAt.toISOString(),
      }));
      return ok(request, { list, total: totalRow?.total ?? 0, page, pageSize });
    },
  );

  r.post(
    '/deposit-addresses/import',
    {
      onRequest: finance,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        body: importAddressesRequestSchema,
        response: { 200: envelopeSchema(importAddressesResponseSchema) },
      },
    },
    async (request) => {
      const result = await depositsService.importDepositAddresses(db, request.body.addresses, adminId(request));
      await recordAudit(db, actor(request), {
        action: 'deposit_addresses.import',
        targetType: 'deposit_addresses',
        after: { imported: result.imported, duplicates: result.duplicates, invalid: result.invalid.length },
      });
      return ok(request, result);
    },
  );

  // Banks

  const toAdminBank = (b: typeof banks.$inferSelect) => ({
    id: String(b.id),
    name: b.name,
    enabled: b.enabled,
    sort: b.sort,
  });

  r.get(
    '/banks',
    { onRequest: finance, schema: { tags, response: { 200: envelopeSchema(z.array(adminBankSchema)) } } },
    async (request) =>
      ok(request, (await db.select().from(banks).orderBy(asc(banks.sort), asc(banks.id))).map(toAdminBank)),
  );

  r.post(
    '/banks',
    {
      onRequest: finance,
      schema: { tags, body: saveBankListItemRequestSchema, response: { 200: envelopeSchema(adminBankSchema) } },
    },
    async (request) => {
      const bank = await db.transaction(async (tx) => {
        const [row] = await tx.insert(banks).values(request.body).returning();
        await recordAudit(tx, actor(request), {
          action: 'bank.create',
          targetType: 'bank',
          targetId: row!.id,
          after: toAdminBank(row!),
        });
        return row!;
      });
      return ok(request, toAdminBank(bank));
    },
  );

  r.patch(
    '/banks/:id',
    {
      onRequest: finance,
      schema: {
        tags,
        params: idParamsSchema,
        body: saveBankListItemRequestSchema.partial(),
        response: { 200: envelopeSchema(adminBankSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const bank = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(banks).where(eq(banks.id, id));
        if (!before) throw new AppError('not_found');
        const [after] = await tx.update(banks).set(request.body).where(eq(banks.id, id)).returning();
        await recordAudit(tx, actor(request), {
          action: 'bank.update',
          targetType: 'bank',
          targetId: id,
          before: toAdminBank(before),
          after: toAdminBank(after!),
        });
        return after!;
      });
      return ok(request, toAdminBank(bank));
    },
  );

  // Settings

  r.get(
    '/settings',
    {
      onRequest: requireAdmin(db, ['finance', 'content']),
      schema: { tags, response: { 200: envelopeSchema(adminSettingsSchema) } },
    },
    async (request) => ok(request, await ctx.settings.get()),
  );

  r.put(
    '/settings/wallet',
    {
      onRequest: finance,
      schema: { tags, body: walletRulesSchema.strict(), response: { 200: envelopeSchema(adminSettingsSchema) } },
    },
    async (request) => {
      for (const key of [
        'depositMinAmount',
        'withdrawMinAmount',
        'withdrawFeeFixed',
        'withdrawSecondApprovalFrom',
      ] as const) {
        if (!/^\d+(\.\d{1,6})?$/.test(request.body[key]))
          throw new AppError('validation_failed', { fieldKeys: { [key]: 'amount_invalid' } });
      }
      await ctx.settings.update({ wallet: request.body }, actor(request));
      return ok(request, await ctx.settings.get());
    },
  );

  r.put(
    '/settings/general',
    {
      onRequest: requireAdmin(db, ['content']),
      schema: { tags, body: generalSettingsSchema, response: { 200: envelopeSchema(adminSettingsSchema) } },
    },
    async (request) => {
      await ctx.settings.update(request.body, actor(request));
      return ok(request, await ctx.settings.get());
    },
  );

  // Adjustments and the books

  r.post(
    '/adjustments',
    {
      onRequest: finance,
      schema: { tags, body: adjustmentRequestSchema, response: { 200: envelopeSchema(journalSchema) } },
    },
    async (request) => {
      const { userId, direction, amount, reason } = request.body;
      const user = await getUserOrThrow(db, Number(userId));
      const minor = parseAmount(amount);
      const signed = direction === 'credit' ? minor : -minor;
      const posted = await transact(db, async (tx) => {
        const journal = await postJournal(tx, {
          kind: 'adjustment',
          // A double click with the same Idempotency-Key posts once.
          idempotencyKey: `adjustment:${adminId(request)}:${idempotencyHeader(request) ?? request.id}`,
          reference: { type: 'adjustment', id: request.id },
          adminId: adminId(request),
          memo: reason,
          postings: [
            { account: { userId: user.id, kind: 'available' }, amount: signed },
            { account: { platform: 'adjustments' }, amount: -signed },
          ],
        });
        await recordAudit(tx, actor(request), {
          action: 'ledger.adjustment',
          targetType: 'user',
          targetId: user.id,
          after: { direction, amount, reason, journalId: journal.journalId },
        });
        return journal;
      });
      forgetUserSessions(user.id);
      const { list } = await listJournals(db, {}, { page: 1, pageSize: 1 });
      const journal = list.find((j) => j.id === String(posted.journalId)) ?? list[0]!;
      return ok(request, journal);
    },
  );

  r.get(
    '/journals',
    {
      onRequest: finance,
      schema: {
        tags,
        querystring: journalListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(journalSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, kind, userId } = request.query;
      const result = await listJournals(db, { kind, userId: userId ? Number(userId) : undefined }, { page, pageSize });
      return ok(request, { ...result, page, pageSize });
    },
  );

  r.get(
    '/reconciliation',
    { onRequest: finance, schema: { tags, response: { 200: envelopeSchema(reconciliationSchema) } } },
    async (request) => ok(request, await reconcile(db)),
  );

  r.get(
    '/users/:id/balances',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(balanceListSchema) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      return ok(request, await userBalances(db, user.id));
    },
  );
}

function idempotencyHeader(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && /^[A-Za-z0-9_.:-]{8,128}$/.test(header) ? header : undefined;
}
