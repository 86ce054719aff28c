import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { DomainEvents } from './domain-events.js';
import { registerBodyParsing } from './http/body-parsing.js';
import { registerErrorHandling, send } from './http/error-handler.js';
import { lazyChildLogger } from './http/lazy-request-logger.js';
import { fallbackRateLimitStore, RATE_LIMIT_REDIS_OPTIONS, REDIS_OUTAGE_MESSAGES } from './http/rate-limit-store.js';
import { requestContext } from './http/request-context.js';
import { RequestLog } from './http/request-log.js';
import { API_SECURITY_HEADERS, pageHelmetOptions, pageSecurityHeaders } from './http/security-headers.js';
import { serializerCompiler } from './http/serializer.js';
import {
  clientErrorHandler,
  frameworkErrors,
  HEADER_BYTES_MAX,
  PATH_PARAM_LENGTH_MAX,
} from './http/transport-errors.js';
import { redisOutageLog } from './lib/redis-outage-log.js';
import { startLivePushes } from './live-pushes.js';
import { asyncStdout, isInfoLevel, loggerOptions } from './logger.js';
import { requireAdmin } from './modules/admin-auth/admin-auth.guard.js';
import { adminAuthRoutes } from './modules/admin-auth/admin-auth.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { contentAdminRoutes } from './modules/content/content.admin-routes.js';
import { helpRoutes, noticeRoutes } from './modules/content/content.routes.js';
import { flexibleAdminRoutes } from './modules/earn/flexible.admin-routes.js';
import { flexibleRoutes } from './modules/earn/flexible.routes.js';
import { wealthAdminRoutes } from './modules/earn/wealth.admin-routes.js';
import { wealthRoutes } from './modules/earn/wealth.routes.js';
import { fairRoutes } from './modules/fair/fair.routes.js';
import { fairEpochRoutes } from './modules/fair-epochs/fair-epochs.routes.js';
import { fairLiabilityRoutes } from './modules/fair-liabilities/fair-liabilities.routes.js';
import { fairReceiptRoutes } from './modules/fair-receipts/fair-receipts.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { idempotencyPlugin } from './modules/idempotency/idempotency.plugin.js';
import { adminKycRoutes } from './modules/kyc/kyc.admin-routes.js';
import { userKycRoutes } from './modules/kyc/kyc.routes.js';
import { getKycStatus, getKycStatuses } from './modules/kyc/kyc.service.js';
import { userBalances } from './modules/ledger/ledger.reads.js';
import { marketAdminRoutes } from './modules/markets/markets.admin-routes.js';
import { marketRoutes } from './modules/markets/markets.routes.js';
import { marketSourceSummary } from './modules/markets/price-source.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { orderAdminRoutes } from './modules/orders/orders.admin-routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { sessionOrderTotals } from './modules/orders/session-totals.js';
import { passkeyAdminRoutes } from './modules/passkeys/passkeys.admin-routes.js';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes.js';
import { hasPasskey as hasUserPasskey } from './modules/passkeys/passkeys.service.js';
import { practiceRoutes } from './modules/practice/practice.routes.js';
import { priceAlertRoutes } from './modules/price-alerts/price-alerts.routes.js';
import { RealtimeHub } from './modules/realtime/realtime.hub.js';
import { RealtimePublisher } from './modules/realtime/realtime.publish.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { referralAdminRoutes } from './modules/referral/referral.admin-routes.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { responsibleTradingAdminRoutes } from './modules/responsible-trading/responsible-trading.admin-routes.js';
import { responsibleTradingRoutes } from './modules/responsible-trading/responsible-trading.routes.js';
import { sessionEndRule } from './modules/responsible-trading/responsible-trading.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { statementRoutes } from './modules/statements/statements.routes.js';
import { supportAdminRoutes } from './modules/support/support.admin-routes.js';
import { supportSocket } from './modules/support/support.realtime.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { twoFactorAdminRoutes } from './modules/two-factor/two-factor.admin-routes.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { isEnabled as isTwoFactorEnabled } from './modules/two-factor/two-factor.service.js';
import { createTwoFactorGate } from './modules/two-factor/two-factor-gate.js';
import { forgetUserSessions } from './modules/users/session-cache.js';
import { sessionAdminRoutes } from './modules/users/sessions.admin-routes.js';
import { sessionRoutes } from './modules/users/sessions.routes.js';
import { userAdminRoutes } from './modules/users/users.admin-routes.js';
import { forgetCachesOnChange } from './modules/users/users.events.js';
import { userRoutes } from './modules/users/users.routes.js';
import type { UserFacts } from './modules/users/users.service.js';
import { hasBankCardOrWallet } from './modules/wallet/cards.service.js';
import { hasConfirmedDeposit } from './modules/wallet/deposits.service.js';
import { walletAdminRoutes } from './modules/wallet/wallet.admin-routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { registerStaticApps, webInlineScripts } from './static-apps.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The app's domain events; given when background workers built beside the app must share them. */
  events?: DomainEvents;
  /** Folders of the built user app and back office; omitted in API-only tests. */
  staticRoots?: { web?: string; admin?: string };
  /** false turns logging off (tests); a stream receives the log lines instead of stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's domain events (domain-events.ts). */
    events: DomainEvents;
    /** The app's live pushes to sockets in every process. */
    realtime: RealtimePublisher;
    /** This process's sockets (tests tune its limits through it). */
    realtimeHub: RealtimeHub;
  }
}

/** API answers from this size on are compressed. */
const API_COMPRESS_BYTES_MIN = 1024;

/** JSON bodies of the API are small; uploads have their own limits. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * What the users module shows of other modules (identity status, bound card and addresses, balances),
 * composed here: kyc and wallet build on users, so users imports neither of them.
 */
const userFacts: UserFacts = {
  async profileExtras(db, userId) {
    const [kycStatus, bound, balances, twoFactorEnabled, hasPasskey, hasDeposited] = await Promise.all([
      getKycStatus(db, userId),
      hasBankCardOrWallet(db, userId),
      userBalances(db, userId),
      isTwoFactorEnabled(db, userId),
      hasUserPasskey(db, userId),
      hasConfirmedDeposit(db, userId),
    ]);
    return { kycStatus, ...bound, balances, twoFactorEnabled, hasPasskey, hasDeposited };
  },
  kycStatus: getKycStatus,
  kycStatuses: getKycStatuses,
};

/** Publishes each `sessionRevoked` to the user's sockets in every process, and forgets the user's cached sessions when one arrives. */
function carrySessionEndings(
  events: DomainEvents,
  realtime: RealtimePublisher,
  log: FastifyInstance['log'],
): () => void {
  const publish = ({ userId }: { userId: number }) => {
    realtime
      .publishUser(userId, { type: 'session_ended' })
      .catch((error) => log.error({ err: error }, 'sessions: publishing an ended session failed'));
  };
  events.on('sessionRevoked', publish);
  const stopObserving = realtime.observe((message) => {
    if (message.kind === 'user' && message.message.type === 'session_ended') forgetUserSessions(message.userId);
  });
  return () => {
    events.off('sessionRevoked', publish);
    stopObserving();
  };
}

/** Builds the whole HTTP application without listening (tests use `inject`). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logStream = options.logger === false ? undefined : (options.logger?.stream ?? asyncStdout());
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), stream: logStream },
    // One line per completed request, written without pino's redaction (it holds no secrets).
    ...(logStream ? { logController: new RequestLog(logStream, isInfoLevel(config.logLevel)) } : {}),
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLogger,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: PATH_PARAM_LENGTH_MAX },
    http: { maxHeaderSize: HEADER_BYTES_MAX },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const realtime = await RealtimePublisher.open(
    { redisUrl: config.redisUrl ?? null, pool: database.pool ?? null },
    database.db,
    app.log,
    { receives: true },
  );
  const ctx: AppContext = {
    config,
    database,
    settings: createSettingsService(database.db, marketSourceSummary(config.marketStream), config.platformTimeZone),
    events: options.events ?? new DomainEvents(),
    realtime,
    twoFactor: createTwoFactorGate({ dataDir: config.dataDir, keyHex: config.twoFactorKeyHex }),
    // Responsible trading builds on users: the users guard asks it through this (users imports none of it).
    sessionTimeLimit: { ruleFor: sessionEndRule },
  };
  forgetCachesOnChange(ctx.events);
  // Issue 14: an ended session fails at once in every process (each forgets the user's cached
  // sessions when the bus tells it), and the user's open tabs hear it and check their own.
  const stopSessionEndings = carrySessionEndings(ctx.events, realtime, app.log);
  const hub = new RealtimeHub();
  // Workers built beside the app (main.ts, tests) tell their ticks and settlements on these events.
  app.decorate('events', ctx.events);
  app.decorate('realtime', realtime);
  app.decorate('realtimeHub', hub);
  // Ticks and settled orders of background work in this process (ROLE=all; tests) reach the sockets.
  const stopLivePushes = startLivePushes({ db: database.db, events: ctx.events, realtime, config, log: app.log });
  // The root's onClose runs after its plugins' (the socket routes close their sockets first), then
  // the bus goes.
  app.addHook('onClose', async () => {
    stopLivePushes();
    stopSessionEndings();
    await realtime.close();
  });

  await app.register(requestContext);
  registerErrorHandling(app, { timeZone: config.platformTimeZone });
  registerBodyParsing(app);
  // One synchronous hook for every request (an async one costs a promise and a turn of the loop):
  // the request id, and the security headers, a fixed few on JSON answers and helmet's set (computed
  // once) on the pages.
  const pageHeaders = pageSecurityHeaders(pageHelmetOptions(webInlineScripts(options.staticRoots ?? {})));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : pageHeaders);
    done();
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, RATE_LIMIT_REDIS_OPTIONS) : null;
  const redisOutage = redisOutageLog(app.log, REDIS_OUTAGE_MESSAGES);
  if (redis) {
    // Without an 'error' listener ioredis reports every failed reconnect as an unhandled error event.
    redis.on('error', (error) => redisOutage.down(error));
    redis.on('ready', () => redisOutage.up());
    app.addHook('onClose', async () => void redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // Counts in Redis while it answers, else in this process (http/rate-limit-store.ts).
    ...(redis ? { store: fallbackRateLimitStore(redis, 'vela-rl:', redisOutage) } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Vela API', version: '1.0.0', description: 'Envelope { code, msg, data } on every answer.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(idempotencyPlugin);
  await app.register(
    async (api) => {
      // API answers over 1 KB go compressed to a client that accepts it (lists, candles); the pages
      // and their assets are compressed at build time (static-apps.ts).
      await api.register(fastifyCompress, { global: true, threshold: API_COMPRESS_BYTES_MIN });
      await api.register(healthRoutes, { ctx });
      await api.register(settingsRoutes, { ctx, prefix: '/common' });
      await api.register(userRoutes, { ctx, prefix: '/user', facts: userFacts });
      await api.register(sessionRoutes, { ctx, prefix: '/user' });
      await api.register(notificationRoutes, { ctx, prefix: '/notification' });
      await api.register(adminAuthRoutes, { ctx, prefix: '/admin' });
      await api.register(userAdminRoutes, { ctx, prefix: '/admin', facts: userFacts });
      await api.register(sessionAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(twoFactorRoutes, { ctx, prefix: '/user', facts: userFacts });
      await api.register(twoFactorAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(passkeyRoutes, { ctx, prefix: '/user', facts: userFacts });
      await api.register(passkeyAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(auditRoutes, { ctx, prefix: '/admin', ownersOnly: requireAdmin(database.db, ['owner']) });
      await api.register(userKycRoutes, { ctx, prefix: '/user' });
      await api.register(adminKycRoutes, { ctx, prefix: '/admin' });
      await api.register(walletRoutes, { ctx });
      await api.register(marketRoutes, { ctx, prefix: '/product' });
      await api.register(fairRoutes, { ctx, prefix: '/fair' });
      await api.register(fairEpochRoutes, { ctx, prefix: '/fair' });
      await api.register(fairReceiptRoutes, { ctx, prefix: '/fair' });
      await api.register(realtimeRoutes, { ctx, support: supportSocket, hub });
      await api.register(orderRoutes, { ctx });
      await api.register(practiceRoutes, { ctx, prefix: '/practice' });
      await api.register(walletAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(marketAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(orderAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(noticeRoutes, { ctx, prefix: '/common' });
      await api.register(helpRoutes, { ctx, prefix: '/help' });
      await api.register(contentAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(wealthRoutes, { ctx, prefix: '/wealth' });
      await api.register(wealthAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(flexibleRoutes, { ctx });
      await api.register(flexibleAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(referralRoutes, { ctx, prefix: '/user' });
      await api.register(referralAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(supportRoutes, { ctx, prefix: '/support' });
      await api.register(supportAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(fairLiabilityRoutes, { ctx, prefix: '/fair' });
      await api.register(statementRoutes, { ctx, prefix: '/user' });
      await api.register(responsibleTradingRoutes, { ctx, prefix: '/user', sessionOrderTotals });
      await api.register(responsibleTradingAdminRoutes, { ctx, prefix: '/admin' });
      await api.register(priceAlertRoutes, { ctx });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await registerStaticApps(app, options.staticRoots ?? {}, (request, reply) =>
    send(reply, request, 'route_not_found', null),
  );
  return app;
}
