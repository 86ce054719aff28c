import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The specification's client posts without a body when a call has no parameters (`axios.post(url)`):
 * no body and no Content-Type, or a Content-Type with an empty body. Such a POST is `{}`, so a call
 * whose parameters are all optional answers it as it answers `{}`, and one with required parameters
 * names them in the usual field errors.
 */
export function registerBodyParsing(app: FastifyInstance): void {
  // Fastify's own JSON parser (prototype poisoning refused), except that an empty body is `{}`.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isBlank(body as string)) return done(null, {});
    return parseJson(request, body as string, done);
  });
  // Old clients label an empty POST as a form; a form with content is still refused (415).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    if (isBlank(body as string)) return done(null, {});
    const error = new Error('Unsupported content type') as Error & { statusCode: number };
    error.statusCode = 415;
    return done(error, undefined);
  });
  // Synchronous: it runs on every request, and an async hook costs a promise and a turn each time.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && request.body == null && hasNoBody(request)) request.body = {};
    done();
  });
}

function isBlank(body: string): boolean {
  return body.trim().length === 0;
}

/** No bytes were sent (a JSON `null` has four, and stays a validation error). */
export function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined;
}
