import type { Socket } from 'node:net';
import { ERRORS, type ErrorName } from '@app/contract/errors';
import { parseAcceptLanguage } from '@app/contract/lang';
import { errorMessage } from '@app/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { API_SECURITY_HEADERS } from './security-headers.js';

/**
 * Failures that happen before a request reaches a route, and would otherwise be answered by Fastify
 * or Node outside the envelope: a path parameter over the router's limit (414), a request line and
 * headers over Node's limit (431), a malformed request. The limits are set here on purpose.
 */

/** Ids and codes in paths are short; anything longer is refused before routing. */
export const PATH_PARAM_LENGTH_MAX = 200;
/** Node's default (16 KiB) for the request line and headers together, kept explicit. */
export const HEADER_BYTES_MAX = 16 * 1024;

function envelopeOf(name: ErrorName, acceptLanguage: string | undefined) {
  return { code: ERRORS[name].code, msg: errorMessage(name, parseAcceptLanguage(acceptLanguage)), data: null };
}

/** Fastify's `frameworkErrors`: router failures get the envelope (the request's hooks never ran). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const name: ErrorName =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'uri_too_long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'malformed_body'
        : 'internal_error';
  if (name === 'internal_error') request.log.error({ err: error }, 'router error');
  void reply
    .status(ERRORS[name].status)
    .headers(API_SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelopeOf(name, request.headers['accept-language'])));
};

/**
 * Node's `clientError`: the request could not even be parsed, so there is no Fastify request to
 * answer through. The language is read from the raw bytes when they reached us.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const name: ErrorName =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'malformed_body';
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(envelopeOf(name, acceptLanguageOf(error.rawPacket)));
  const { status } = ERRORS[name];
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[name]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(API_SECURITY_HEADERS).map(([key, value]) => `${key}: ${value}`),
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
}

const STATUS_TEXT: Partial<Record<ErrorName, string>> = {
  headers_too_large: 'Request Header Fields Too Large',
  request_timeout: 'Request Timeout',
  malformed_body: 'Bad Request',
};

function acceptLanguageOf(raw: unknown): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  // Only the start of an oversized packet is looked at: enough for the usual header order.
  const match = /\r\naccept-language:[ \t]*([^\r\n]{0,100})/i.exec(raw.subarray(0, 64 * 1024).toString('latin1'));
  return match?.[1];
}
