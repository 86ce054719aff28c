import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  balanceListSchema,
  type JournalKind,
  WATER_GROUP_KINDS,
  waterEntrySchema,
  waterRequestSchema,
} from '@app/contract/ledger';
import {
  bankCardSchema,
  bankSchema,
  bankWithdrawalRequestSchema,
  depositListRequestSchema,
  depositSchema,
  depositSubmitRequestSchema,
  rechargeAddressRequestSchema,
  rechargeAddressSchema,
  removeWalletRequestSchema,
  saveBankRequestSchema,
  saveWalletRequestSchema,
  setWithdrawProtectionRequestSchema,
  trcWithdrawalRequestSchema,
  walletAddressSchema,
  withdrawalListRequestSchema,
  withdrawalSchema,
  withdrawProtectionSchema,
} from '@app/contract/wallet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readImageForm, saveImage, uploadRoutes } from '../../lib/uploads.js';
import { claimOf, replyValue } from '../idempotency/idempotency.plugin.js';
import { userBalances, userEvents } from '../ledger/ledger.reads.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as cards from './cards.service.js';
import * as addressPool from './deposit-addresses.service.js';
import * as depositsService from './deposits.service.js';
import * as cooldowns from './withdraw-cooldown.service.js';
import * as withdrawalsService from './withdrawals.service.js';

const emptyBody = z.strictObject({}).optional();
const PROOF_BYTES_MAX = 5 * 1024 * 1024;

/** The user's wallet calls (DESIGN.md 6.3): balances, fund details, card, addresses, deposits, withdrawals. */
export async function walletRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['wallet'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  const rules = async () => (await ctx.settings.get()).wallet;
  // Issue 14: the server's clock (Date, which tests drive) and the user's cooldown as of now.
  const cooldownOf = async (user: number) =>
    cooldowns.cooldownOf(db, user, (await rules()).withdrawCooldownHours, new Date());
  // Issue 14: the user is told of their request; a replayed key tells the same state again (one notice).
  const noticeWithdrawal = (user: number, withdrawal: { id: string; status: string; amount: string }) =>
    ctx.events.userNotice({
      userId: user,
      kind: 'withdrawal_state',
      params: { id: withdrawal.id, status: withdrawal.status, amount: withdrawal.amount },
      key: `withdrawal:${withdrawal.id}:${withdrawal.status}`,
    });

  r.post(
    '/user/balance_list',
    { onRequest: signedIn, schema: { tags, body: emptyBody, response: { 200: envelopeSchema(balanceListSchema) } } },
    async (request) => ok(request, await userBalances(db, userId(request))),
  );

  r.post(
    '/user/water',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: waterRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(waterEntrySchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, kind, group } = request.body ?? {};
      // Both filters given: the events that are in both.
      const inGroup = group ? WATER_GROUP_KINDS[group] : undefined;
      const kinds: readonly JournalKind[] | undefined = kind
        ? [kind].filter((k) => !inGroup || inGroup.includes(k))
        : inGroup;
      const result = await userEvents(db, userId(request), { kinds }, { page, pageSize });
      return ok(request, { ...result, page, pageSize });
    },
  );

  r.post(
    '/common/banks',
    { schema: { tags, body: emptyBody, response: { 200: envelopeSchema(z.array(bankSchema)) } } },
    async (request) => ok(request, await cards.listEnabledBanks(db)),
  );

  r.post(
    '/user/bank_card',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBody, response: { 200: envelopeSchema(bankCardSchema.nullable()) } },
    },
    async (request) => {
      const card = await cards.findBankCard(db, userId(request));
      if (!card) return ok(request, null);
      const currency = await cards.bankCurrencyOf(db, card.bankName);
      return ok(request, cards.toBankCard(card, currency, await cooldownOf(userId(request))));
    },
  );

  r.post(
    '/user/save_bank',
    {
      onRequest: signedIn,
      schema: { tags, body: saveBankRequestSchema, response: { 200: envelopeSchema(bankCardSchema) } },
    },
    async (request) => {
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, userId(request), request.body.twoFactorCode);
      const cooldown = await cooldownOf(userId(request));
      const card = await cards.saveBankCard(db, userId(request), request.body, cooldown, secondFactor);
      ctx.events.accountChanged(userId(request));
      ctx.events.userNotice({
        userId: userId(request),
        kind: 'card_bound',
        params: { card: card.cardNumber },
        key: `card:${card.updatedAt}`,
      });
      return ok(request, card);
    },
  );

  r.post(
    '/user/getUserWallets',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBody, response: { 200: envelopeSchema(z.array(walletAddressSchema)) } },
    },
    async (request) =>
      ok(request, await cards.listWalletAddresses(db, userId(request), await cooldownOf(userId(request)))),
  );

  r.post(
    '/user/save_wallet',
    {
      onRequest: signedIn,
      schema: { tags, body: saveWalletRequestSchema, response: { 200: envelopeSchema(walletAddressSchema) } },
    },
    async (request) => {
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, userId(request), request.body.twoFactorCode);
      const cooldown = await cooldownOf(userId(request));
      const wallet = await cards.saveWalletAddress(db, userId(request), request.body, cooldown, secondFactor);
      ctx.events.accountChanged(userId(request));
      ctx.events.userNotice({
        userId: userId(request),
        kind: 'address_bound',
        params: { address: wallet.address.slice(-6) },
        key: `address:${wallet.id}`,
      });
      return ok(request, wallet);
    },
  );

  r.post(
    '/user/remove_wallet',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: removeWalletRequestSchema,
        response: { 200: envelopeSchema(z.array(walletAddressSchema)) },
      },
    },
    async (request) => {
      const user = userId(request);
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, user, request.body.twoFactorCode);
      await cards.removeWalletAddress(db, user, request.body, secondFactor);
      ctx.events.accountChanged(user);
      return ok(request, await cards.listWalletAddresses(db, user, await cooldownOf(user)));
    },
  );

  r.post(
    '/user/withdraw_protection',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBody, response: { 200: envelopeSchema(withdrawProtectionSchema) } },
    },
    async (request) => {
      const hours = (await rules()).withdrawCooldownHours;
      return ok(request, await cooldowns.getWithdrawProtection(db, userId(request), hours, new Date()));
    },
  );

  r.post(
    '/user/set_withdraw_protection',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: setWithdrawProtectionRequestSchema,
        response: { 200: envelopeSchema(withdrawProtectionSchema) },
      },
    },
    async (request) => {
      const user = userId(request);
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, user, request.body.twoFactorCode);
      const now = new Date();
      const hours = (await rules()).withdrawCooldownHours;
      const { protection, changed } = await cooldowns.setWithdrawProtection(
        db,
        user,
        request.body,
        hours,
        now,
        secondFactor,
      );
      if (changed) {
        ctx.events.accountChanged(user);
        ctx.events.userNotice({
          userId: user,
          kind: 'withdraw_protection_changed',
          params: { state: protection.isOn ? 'on' : 'off' },
          key: `withdraw_protection:${now.getTime()}:${protection.isOn ? 'on' : 'off'}`,
        });
      }
      return ok(request, protection);
    },
  );

  r.post(
    '/wallet/getRechargeAddress',
    {
      onRequest: signedIn,
      schema: { tags, body: rechargeAddressRequestSchema, response: { 200: envelopeSchema(rechargeAddressSchema) } },
    },
    async (request) => ok(request, await addressPool.rechargeAddress(db, userId(request), await rules())),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/wallet/submit',
      {
        onRequest: signedIn,
        config: { idempotent: true },
        schema: {
          tags,
          description:
            'JSON { method, amount, txHash?, remark? }, or multipart/form-data with the same fields and an optional image `proof`.',
          response: { 200: envelopeSchema(depositSchema) },
        },
      },
      async (request, reply) => {
        const { input, proof } = await readDepositSubmission(request);
        const proofFile = proof
          ? (await saveImage(ctx.config.dataDir, 'deposits', proof, { bytesMax: PROOF_BYTES_MAX })).name
          : null;
        const deposit = await depositsService.submitDeposit(
          db,
          userId(request),
          { ...input, proofFile },
          await rules(),
          claimOf(request),
          { timeZone: ctx.config.platformTimeZone },
        );
        return ok(request, replyValue(reply, deposit));
      },
    );
  });

  r.post(
    '/user/deposit',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: depositListRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(depositSchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, status } = request.body ?? {};
      return ok(request, await depositsService.listUserDeposits(db, userId(request), { status }, { page, pageSize }));
    },
  );

  // Both withdrawal routes: the second factor, one request in the service, then the pushes and the notice.
  const requestWithdrawal = async (
    request: FastifyRequest,
    reply: FastifyReply,
    twoFactorCode: string | undefined,
    details: Parameters<typeof withdrawalsService.requestWithdrawal>[2],
  ) => {
    const user = userId(request);
    const secondFactor = await ctx.twoFactor.checkMoneyMove(db, user, twoFactorCode);
    const withdrawal = await withdrawalsService.requestWithdrawal(
      db,
      user,
      details,
      await rules(),
      claimOf(request),
      secondFactor,
    );
    ctx.events.balanceChanged(user);
    ctx.events.accountChanged(user);
    noticeWithdrawal(user, withdrawal.value);
    return ok(request, replyValue(reply, withdrawal));
  };

  r.post(
    '/wallet/bankWithdrawal',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: bankWithdrawalRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    },
    async (request, reply) => {
      const { amount, payPassword, rate, twoFactorCode } = request.body;
      return requestWithdrawal(request, reply, twoFactorCode, { method: 'bank', amount, payPassword, rate });
    },
  );

  r.post(
    '/wallet/trcWithdrawal',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: trcWithdrawalRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    },
    async (request, reply) => {
      const { amount, payPassword, walletId, twoFactorCode } = request.body;
      return requestWithdrawal(request, reply, twoFactorCode, { method: 'trc20', amount, payPassword, walletId });
    },
  );

  r.post(
    '/wallet/withdrawals',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: withdrawalListRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(withdrawalSchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, status } = request.body ?? {};
      return ok(
        request,
        await withdrawalsService.listUserWithdrawals(
          db,
          userId(request),
          { status },
          { page, pageSize },
          (await rules()).trc20ExplorerTxUrl,
        ),
      );
    },
  );
}

/** `wallet/submit` takes JSON or a multipart form with an optional proof image; both are checked by one schema. */
async function readDepositSubmission(request: FastifyRequest) {
  let raw: unknown = request.body;
  let proof: Buffer | undefined;
  if (request.isMultipart()) {
    const form = await readImageForm(request, { fileFields: ['proof'], bytesMax: PROOF_BYTES_MAX });
    if (Object.keys(form.fieldKeys).length > 0) throw new AppError('validation_failed', { fieldKeys: form.fieldKeys });
    raw = form.fields;
    proof = form.files.proof;
  }
  const parsed = depositSubmitRequestSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldKeys: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fieldKeys[key] = 'unknown_field';
      else fieldKeys[issue.path.join('.') || '_'] ??= issue.message;
    }
    throw new AppError('validation_failed', { fieldKeys });
  }
  return { input: parsed.data, proof };
}
