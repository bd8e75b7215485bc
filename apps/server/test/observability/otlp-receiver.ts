import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it (the fields the tests read). */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, string | number | boolean>;
}

/** A loopback OTLP/HTTP receiver: what was posted to `/v1/traces`. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: an `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Requests received (of any content type, JSON parsed or not). */
  requests: number;
  /** Resolves once a span satisfying `test` has arrived, or rejects after `timeoutMs`. */
  waitFor(test: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

/** Starts a receiver of OTLP/HTTP JSON exports on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let requests = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      if (request.url === '/v1/traces' && /json/.test(request.headers['content-type'] ?? '')) {
        spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    get requests() {
      return requests;
    },
    async waitFor(test, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = spans.find(test);
        if (found !== undefined) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No such span within ${timeoutMs} ms; received: ${spans.map((span) => span.name).join(', ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function spansOf(body: unknown): ReceivedSpan[] {
  const resourceSpans = (body as { resourceSpans?: unknown[] }).resourceSpans ?? [];
  return resourceSpans.flatMap((resource) =>
    ((resource as { scopeSpans?: unknown[] }).scopeSpans ?? []).flatMap((scope) =>
      ((scope as { spans?: unknown[] }).spans ?? []).map((raw) => {
        const span = raw as {
          name: string;
          traceId: string;
          spanId: string;
          parentSpanId?: string;
          attributes?: { key: string; value: OtlpValue }[];
        };
        const attributes: ReceivedSpan['attributes'] = {};
        for (const { key, value } of span.attributes ?? []) {
          attributes[key] =
            value.stringValue ??
            (value.intValue === undefined ? undefined : Number(value.intValue)) ??
            value.doubleValue ??
            value.boolValue ??
            '';
        }
        return {
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
          attributes,
        };
      }),
    ),
  );
}
