import { SpanStatusCode, type Attributes, type Span, type Tracer } from '@opentelemetry/api';

/**
 * Runs `work` in a new active span named `name` (a child of the active one), ends it when the
 * work settles, and marks it failed with the error's code when it throws. The span is given to
 * `work` for attributes known only at the end.
 */
export async function traced<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: codeOf(error) });
      span.setAttribute('error.type', codeOf(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A domain error's stable `code`, else its class name. */
export function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (error instanceof Error) return error.name;
  }
  return 'Error';
}
