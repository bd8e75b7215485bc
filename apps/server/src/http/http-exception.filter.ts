import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from './error-body';
import { noteDamagedData, noteStorageFull } from '../health/storage-health';
import { toErrorResponse, type BodyLimit } from './error-response';
import { LARGE_BODY_ROUTES } from '../security/harden-http';
import { traceIdOfRequest } from '../observability/request-trace';
import { methodsOfPath } from './methods-of-path';
import { unknownRouteAnswer } from './unknown-route-answer';

/**
 * The one exception filter: every error leaves the server as an `ErrorBody` with the status
 * `toErrorResponse` gives it. A request no route takes is `404 NotFound`, or `405
 * MethodNotAllowed` with `Allow` when its path has routes for other methods (`unknownRouteAnswer`).
 * Nest's own `HttpException`s (503 from the health check) keep their status and get a code named
 * after it. Anything unknown is a 500, logged with
 * its stack, whose body reveals nothing of it.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly options: { maxBodyBytes: number; maxAppendBodyBytes: number }) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    // Nest's not-found handler throws a 404 for a request no route takes (a hook's error on such
    // a request, a 401 say, is answered as it is).
    if (request.is404 && error instanceof HttpException && error.getStatus() === 404) {
      const answer = unknownRouteAnswer(
        request.method,
        request.url.split('?')[0] ?? request.url,
        methodsOfPath(reply.server, request.url),
      );
      if (answer.allow !== undefined) void reply.header('allow', answer.allow);
      void reply
        .status(answer.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(answer.body);
      return;
    }
    const { status, body } = this.describe(error, this.bodyLimitOf(request));
    // 429 and 507 say when to retry in the standard header too.
    if (body.retryAfterSeconds !== undefined)
      void reply.header('retry-after', body.retryAfterSeconds);
    // While tracing is on, the trace to look up (in the tracing backend and the log lines).
    const traceId = traceIdOfRequest(host.switchToHttp().getRequest());
    void reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(traceId === undefined ? body : { ...body, traceId });
  }

  /** The append and import routes take larger bodies than the others (`hardenHttp`). */
  private bodyLimitOf(request: FastifyRequest): BodyLimit {
    return LARGE_BODY_ROUTES.has(request.routeOptions.url ?? '') && request.method === 'POST'
      ? {
          bytes: Math.max(this.options.maxAppendBodyBytes, this.options.maxBodyBytes),
          setting: 'MAX_APPEND_BODY_BYTES',
        }
      : { bytes: this.options.maxBodyBytes, setting: 'MAX_BODY_BYTES' };
  }

  describe(
    error: unknown,
    bodyLimit: BodyLimit = { bytes: this.options.maxBodyBytes, setting: 'MAX_BODY_BYTES' },
  ): { status: number; body: ErrorBody } {
    // Nest wraps Fastify's own errors (body too large, not JSON) in an HttpException.
    const original =
      error instanceof HttpException && error.cause instanceof Error ? error.cause : error;
    const known = toErrorResponse(original, { bodyLimit });
    if (known?.body.code === 'StorageFull') noteStorageFull();
    noteDamagedData(original);
    if (known !== undefined) {
      if (known.status >= 500) this.logger.error(known.body.message);
      return known;
    }
    if (error instanceof HttpException) return fromHttpException(error);
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return {
      status: 500,
      body: {
        statusCode: 500,
        code: 'InternalError',
        message: 'The server failed to handle the request; its log has the details.',
      },
    };
  }
}

function fromHttpException(error: HttpException): { status: number; body: ErrorBody } {
  const status = error.getStatus();
  const response = error.getResponse();
  const fromResponse =
    typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
  const code =
    typeof fromResponse['code'] === 'string' ? fromResponse['code'] : codeOfStatus(status);
  const message =
    typeof fromResponse['message'] === 'string' ? fromResponse['message'] : error.message;
  const { error: _statusText, ...details } = fromResponse;
  return { status, body: { ...details, statusCode: status, code, message } };
}

function codeOfStatus(status: number): string {
  const name = HttpStatus[status];
  if (name === undefined) return `Http${status}`;
  return name
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
