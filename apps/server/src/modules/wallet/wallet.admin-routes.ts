import { idParamsSchema, reasonRequestSchema } from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  adjustmentRequestSchema,
  balanceListSchema,
  journalListRequestSchema,
  journalSchema,
  reconciliationSchema,
} from '@app/contract/ledger';
import {
  adminBankSchema,
  adminDepositListRequestSchema,
  adminDepositSchema,
  adminSettingsSchema,
  adminWithdrawalDestinationsSchema,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { listJournals, reconcile, userBalances } from '../ledger/ledger.reads.js';
import { getUserOrThrow } from '../users/users.service.js';
import { postAdjustment } from './adjustments.service.js';
import * as banksService from './banks.service.js';
import { withdrawalDestinationsOf } from './cards.service.js';
import * as addressPool from './deposit-addresses.service.js';
import * as depositReview from './deposit-review.service.js';
import { saveWalletRules } from './wallet-settings.service.js';
import * as withdrawalReview from './withdrawal-review.service.js';

/** Finance back office: deposits, withdrawals, the address pool, banks, wallet settings, adjustments and the books. */
export async function walletAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const finance = requireAdmin(db, ['finance']);
  const readers = requireAdmin(db, ['finance', 'support', 'reviewer']);
  // Support answers "where is my deposit?" in chat: it reads deposits, finance alone decides them.
  const depositReaders = requireAdmin(db, ['finance', 'support']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);
  const userIdOf = (userId: string | undefined) => (userId ? Number(userId) : undefined);

  // Deposits

  r.get(
    '/deposits',
    {
      onRequest: depositReaders,
      schema: {
        tags,
        querystring: adminDepositListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminDepositSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, status, userId } = request.query;
      return ok(
        request,
        await depositReview.listDeposits(db, { status, userId: userIdOf(userId) }, { page, pageSize }),
      );
    },
  );

  r.get(
    '/deposits/:id/proof',
    { onRequest: finance, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const image = await depositReview.depositProof(db, ctx.config.dataDir, Number(request.params.id));
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );

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
    async (request) =>
      ok(
        request,
        await depositReview.confirmDeposit(db, ctx.events, Number(request.params.id), request.body, actor(request)),
      ),
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
    async (request) =>
      ok(
        request,
        await depositReview.rejectDeposit(
          db,
          ctx.events,
          Number(request.params.id),
          request.body.reason,
          actor(request),
        ),
      ),
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
      return ok(
        request,
        await withdrawalReview.listWithdrawals(db, { status, userId: userIdOf(userId) }, { page, pageSize }),
      );
    },
  );

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
    async (request) =>
      ok(
        request,
        await withdrawalReview.approveWithdrawal(
          db,
          ctx.events,
          Number(request.params.id),
          request.body.payoutReference,
          actor(request),
        ),
      ),
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
    async (request) =>
      ok(
        request,
        await withdrawalReview.rejectWithdrawal(
          db,
          ctx.events,
          Number(request.params.id),
          request.body.reason,
          actor(request),
        ),
      ),
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
      return ok(request, await addressPool.listDepositAddresses(db, { assigned }, { page, pageSize }));
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
    async (request) =>
      ok(request, await addressPool.importDepositAddresses(db, request.body.addresses, actor(request))),
  );

  // Banks

  r.get(
    '/banks',
    { onRequest: finance, schema: { tags, response: { 200: envelopeSchema(z.array(adminBankSchema)) } } },
    async (request) => ok(request, await banksService.listBanks(db)),
  );

  r.post(
    '/banks',
    {
      onRequest: finance,
      schema: { tags, body: saveBankListItemRequestSchema, response: { 200: envelopeSchema(adminBankSchema) } },
    },
    async (request) => ok(request, await banksService.createBank(db, request.body, actor(request))),
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
    async (request) =>
      ok(request, await banksService.updateBank(db, Number(request.params.id), request.body, actor(request))),
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
    async (request) => ok(request, await saveWalletRules(ctx.settings, request.body, actor(request))),
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
      const origin = { requestKey: idempotencyHeader(request) ?? request.id, requestId: request.id };
      return ok(request, await postAdjustment(db, ctx.events, request.body, actor(request), origin));
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
      const result = await listJournals(db, { kind, userId: userIdOf(userId) }, { page, pageSize });
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

  // Issue 14: where the user's money may go, since when, and the user's protection setting (read-only).
  r.get(
    '/users/:id/withdrawal_destinations',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(adminWithdrawalDestinationsSchema) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      const hours = (await ctx.settings.get()).wallet.withdrawCooldownHours;
      return ok(request, await withdrawalDestinationsOf(db, user.id, hours, new Date()));
    },
  );
}

/**
 * The client's Idempotency-Key when well formed. This route is not under the idempotency plugin: the
 * key goes into the journal's own key, so the ledger posts a repeated adjustment once.
 */
function idempotencyHeader(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && /^[A-Za-z0-9_.:-]{8,128}$/.test(header) ? header : undefined;
}
