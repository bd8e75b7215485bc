import type { Span } from '@opentelemetry/api';

/** Each request's server span, while tracing is on (set by `instrumentHttp`). */
const spans = new WeakMap<object, Span>();

/** Remembers `span` as the server span of `request` (the Fastify request). */
export function setRequestSpan(request: object, span: Span): void {
  spans.set(request, span);
}

/** The server span of `request`, if tracing is on. */
export function requestSpanOf(request: object): Span | undefined {
  return spans.get(request);
}

/**
 * The trace id of `request` (what an error body carries), or `undefined` when tracing is off or
 * the request was not traced.
 */
export function traceIdOfRequest(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  return spans.get(request)?.spanContext().traceId;
}
