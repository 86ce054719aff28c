import { hostname } from 'node:os';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The request log as `npm start` writes it: one line per request, when it completes, with the
 * request id, method, path (no query string: it may carry secrets), status, address and time taken.
 *
 * Why not Fastify's own two lines through pino: every line through pino pays for the redaction of
 * secret paths (wildcards, checked on every object), which halved the requests per second a route
 * serves at LOG_LEVEL info. These lines hold only the fields above, none of which can be a secret, so
 * they are written as pino's JSON directly to the same destination. Everything else (errors, warnings,
 * the app's own lines) still goes through pino with redaction.
 */
export class RequestLog extends LogController {
  private readonly pidAndHost = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(
    private readonly destination: { write(line: string): unknown },
    private readonly isInfoEnabled: boolean,
  ) {
    super();
  }

  override incomingRequest(): void {
    // One line per request, at completion: it has the status and the time taken too.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (!this.isInfoEnabled) return;
    const path = request.url.split('?')[0] ?? '';
    this.destination.write(
      `{"level":30,"time":${Date.now()},${this.pidAndHost},"reqId":${JSON.stringify(request.id)},` +
        `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(path)},"ip":${JSON.stringify(request.ip)},` +
        `"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime)},"msg":"request completed"}\n`,
    );
  }
}
