import type { Envelope } from '@app/contract/common';
import type { Lang } from '@app/contract/lang';
import { OK_MESSAGE } from '@app/contract/messages';
import type { FastifyRequest } from 'fastify';

/** The success envelope; `msg` is in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 0, msg: OK_MESSAGE[request.lang as Lang], data };
}
