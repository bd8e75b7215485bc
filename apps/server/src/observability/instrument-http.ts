import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { LedgerMetrics } from './ledger-metrics';
import { requestSpanOf, setRequestSpan } from './request-trace';

/** The label of a request no route matched (a 404): one value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Observes every HTTP request from its first hook (so a 401 or 429 counts too): its duration in
 * `http_server_request_duration_seconds` by method, route template and status; one log line when
 * it is answered (`reqId`, `method`, `url`, `route`, `statusCode`, `durationMs`, and `traceId`
 * while tracing is on); its id in the `X-Request-Id` answer header; and, with a `tracer`, a server
 * span (parent: an incoming `traceparent`) that is the active span while the request runs, so
 * command, query and model-context spans are its children. Register before any other hook.
 */
export function instrumentHttp(
  fastify: FastifyInstance,
  options: { log: Logger; metrics: LedgerMetrics; tracer?: Tracer },
): void {
  const started = new WeakMap<FastifyRequest, bigint>();
  const { log, metrics, tracer } = options;
  const requestLog = log.child({ context: 'HTTP' });
  fastify.addHook('onRequest', (request, reply, done) => {
    started.set(request, process.hrtime.bigint());
    void reply.header('x-request-id', request.id);
    // A reply taken over by its route (the SSE streams, `/mcp`) or a connection the client closed
    // never reaches `onResponse`: the socket's close observes it instead (once, whichever first).
    reply.raw.once('close', () => observe(request, reply));
    if (tracer === undefined) return done();
    const route = request.routeOptions.url;
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?', 1)[0] ?? request.url,
          ...(route === undefined ? {} : { 'http.route': route }),
        },
      },
      parent,
    );
    setRequestSpan(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    observe(request, reply);
    done();
  });

  function observe(request: FastifyRequest, reply: FastifyReply): void {
    const start = started.get(request);
    if (start === undefined) return;
    started.delete(request);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      {
        http_request_method: request.method,
        http_route: route,
        http_response_status_code: status,
      },
      seconds,
    );
    const span = requestSpanOf(request);
    if (span !== undefined) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    if (requestLog.isLevelEnabled('info')) {
      const traceId = span?.spanContext().traceId;
      requestLog.info(
        {
          reqId: request.id,
          method: request.method,
          url: request.url,
          route,
          statusCode: status,
          durationMs: Math.round(seconds * 1e5) / 100,
          ...(traceId === undefined ? {} : { traceId }),
        },
        `${request.method} ${request.url} ${status}`,
      );
    }
  }
}
