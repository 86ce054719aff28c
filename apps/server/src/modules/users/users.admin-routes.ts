import {
  type AuditAction,
  adminUserListRequestSchema,
  adminUserSchema,
  idParamsSchema,
  oneTimePasswordResponseSchema,
  reasonRequestSchema,
} from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { forgetUserSessions } from './session-cache.js';
import * as service from './users.service.js';
import type { UserRow } from './users.tables.js';

/** The fields of a user an audit record keeps: never hashes. */
function auditView(user: UserRow) {
  return {
    status: user.status,
    mustChangePassword: user.mustChangePassword,
    lockedUntil: user.lockedUntil?.toISOString() ?? null,
  };
}

export interface UserAdminRoutesOptions {
  ctx: AppContext;
  /** Users' identity-check statuses from the kyc module, wired in by the app. */
  facts: Pick<service.UserFacts, 'kycStatus' | 'kycStatuses'>;
}

/** `/api/admin/users`: operators find users and act on their accounts; every action is audited. */
export async function userAdminRoutes(app: FastifyInstance, { ctx, facts }: UserAdminRoutesOptions) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['support', 'finance', 'reviewer']);
  const actors = requireAdmin(db, ['support']);
  const tags = ['admin'];

  r.get(
    '/users',
    {
      onRequest: readers,
      schema: {
        tags,
        querystring: adminUserListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminUserSchema)) },
      },
    },
    async (request) => {
      const { q, status, page, pageSize } = request.query;
      const { rows, total } = await service.listUsers(db, { q, status }, { page, pageSize });
      const kyc = await facts.kycStatuses(
        db,
        rows.map((u) => u.id),
      );
      const list = await Promise.all(
        rows.map(async (u) =>
          service.toAdminUser(u, await service.findInviterUsername(db, u), kyc.get(u.id) ?? 'none'),
        ),
      );
      return ok(request, { list, total, page, pageSize });
    },
  );

  r.get(
    '/users/:id',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(adminUserSchema) } },
    },
    async (request) => {
      const user = await service.getUserOrThrow(db, Number(request.params.id));
      const inviter = await service.findInviterUsername(db, user);
      return ok(request, service.toAdminUser(user, inviter, await facts.kycStatus(db, user.id)));
    },
  );

  /** Runs one account action with its audit row in a single transaction. */
  async function act(
    request: FastifyRequest & { params: { id: string }; body: { reason: string } },
    action: AuditAction,
    run: (tx: DbOrTx, id: number) => Promise<{ before: UserRow; after: UserRow }>,
  ) {
    const id = Number(request.params.id);
    const result = await db.transaction(async (tx) => {
      const outcome = await run(tx, id);
      await recordAudit(tx, actorOf(adminSessionOf(request), request.ip), {
        action,
        targetType: 'user',
        targetId: id,
        before: auditView(outcome.before),
        after: { ...auditView(outcome.after), reason: request.body.reason },
      });
      return outcome;
    });
    // Drop cached sessions again after commit: a request between the change and the commit may have re-cached the old row.
    forgetUserSessions(id);
    // Disabling and a one-time password end the user's sessions: every process forgets them now (issue 14).
    if (action === 'user.disable' || action === 'user.one_time_password') ctx.events.sessionRevoked(id);
    const inviter = await service.findInviterUsername(db, result.after);
    return service.toAdminUser(result.after, inviter, await facts.kycStatus(db, id));
  }

  const actionSchema = {
    tags,
    params: idParamsSchema,
    body: reasonRequestSchema,
    response: { 200: envelopeSchema(adminUserSchema) },
  };

  r.post('/users/:id/disable', { onRequest: actors, schema: actionSchema }, async (request) =>
    ok(request, await act(request, 'user.disable', (tx, id) => service.setUserStatus(tx, id, 'disabled'))),
  );
  r.post('/users/:id/enable', { onRequest: actors, schema: actionSchema }, async (request) =>
    ok(request, await act(request, 'user.enable', (tx, id) => service.setUserStatus(tx, id, 'active'))),
  );
  r.post('/users/:id/unlock', { onRequest: actors, schema: actionSchema }, async (request) =>
    ok(request, await act(request, 'user.unlock', (tx, id) => service.clearLoginLock(tx, id))),
  );

  r.post(
    '/users/:id/one-time-password',
    {
      onRequest: actors,
      schema: { ...actionSchema, response: { 200: envelopeSchema(oneTimePasswordResponseSchema) } },
    },
    async (request) => {
      let password = '';
      const user = await act(request, 'user.one_time_password', async (tx, id) => {
        const issued = await service.issueOneTimePassword(tx, id);
        password = issued.password;
        return issued;
      });
      // A security notice like the user's own password change (it cannot be muted), told after commit.
      ctx.events.userNotice({
        userId: Number(user.id),
        kind: 'password_changed',
        params: {},
        key: `password:one-time:${user.id}:${Date.now()}`,
      });
      return ok(request, { password });
    },
  );
}
