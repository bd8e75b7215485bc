import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../http/error-body';

/**
 * Fastify's `frameworkErrors` hook: errors its router raises before any handler runs (a path that
 * does not decode, `%ED%A0%80`: a lone surrogate) get the documented error body, not Fastify's.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  const body: ErrorBody = badUrl
    ? {
        statusCode: 400,
        code: 'InvalidUrl',
        message: `The path ${JSON.stringify(request.url.slice(0, 300))} does not decode to text (a percent-encoded byte sequence that is not UTF-8, or a lone surrogate); percent-encode ids as UTF-8.`,
      }
    : { statusCode: 400, code: 'InvalidRequest', message: error.message };
  void reply.status(400).header('content-type', 'application/json; charset=utf-8').send(body);
}
