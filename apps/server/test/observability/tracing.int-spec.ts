import { startServer } from '../testing/start-server';
import { startOtlpReceiver, type OtlpReceiver } from './otlp-receiver';
import { append } from './traffic';

/** Exports quickly, so that the test waits for spans in milliseconds rather than seconds. */
const FAST_EXPORT = { OTEL_BSP_SCHEDULE_DELAY: '100' };

describe('OpenTelemetry traces over OTLP', () => {
  let receiver: OtlpReceiver;

  beforeEach(async () => {
    receiver = await startOtlpReceiver();
  });

  afterEach(() => receiver.close());

  it('exports spans for a command, a query, a model context and a projection batch', async () => {
    const server = await startServer({
      ...FAST_EXPORT,
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'ledger-under-test',
      LOG_FORMAT: 'json',
    });
    try {
      const position = await append(server.url, 'traced', 'm1');
      const transcript = await fetch(
        `${server.url}/v1/sessions/traced/transcript?minPosition=${position}`,
      );
      expect(transcript.status).toBe(200);
      const context = await fetch(
        `${server.url}/v1/sessions/traced/model-context?format=ai-sdk&provider=anthropic`,
      );
      expect(context.status).toBe(200);

      const command = await receiver.waitFor(
        (span) => span.name === 'command AppendMessagesCommand',
      );
      expect(command.attributes['gen_ai.conversation.id']).toBe('traced');
      const server_ = await receiver.waitFor((span) => span.spanId === command.parentSpanId);
      expect(server_.name).toBe('POST /v1/sessions/:sessionId/messages');
      expect(server_.attributes['http.response.status_code']).toBe(200);
      await receiver.waitFor((span) => span.name === 'query GetTranscriptQuery');
      const modelContext = await receiver.waitFor(
        (span) => span.name === 'model_context anthropic',
      );
      expect(modelContext.attributes).toMatchObject({
        'gen_ai.operation.name': 'model_context',
        'gen_ai.conversation.id': 'traced',
        'gen_ai.provider.name': 'anthropic',
        'agent_ledger.model_context.format': 'ai-sdk',
      });
      const query = await receiver.waitFor((span) => span.spanId === modelContext.parentSpanId);
      expect(query.name).toBe('query GetModelContextQuery');
      const batch = await receiver.waitFor((span) => span.name === 'projection batch');
      expect(batch.attributes['messaging.batch.message_count']).toBeGreaterThanOrEqual(1);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('puts the trace id in a 4xx error body and in the log lines of the request', async () => {
    const server = await startServer({
      ...FAST_EXPORT,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      LOG_FORMAT: 'json',
    });
    try {
      const response = await fetch(`${server.url}/v1/sessions/bad/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-4xx' },
        body: JSON.stringify({ messages: 'nope' }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; traceId?: string };
      expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
      await receiver.waitFor((span) => span.traceId === body.traceId);
      const line = await eventually(() =>
        server
          .output()
          .split('\n')
          .find((text) => text.includes('"reqId":"req-4xx"')),
      );
      expect(JSON.parse(line)).toMatchObject({
        level: 'info',
        reqId: 'req-4xx',
        traceId: body.traceId,
        statusCode: 400,
        route: '/v1/sessions/:sessionId/messages',
      });
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('exports nothing and puts no trace id anywhere when the variables do not ask for it', async () => {
    const server = await startServer({
      ...FAST_EXPORT,
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      LOG_FORMAT: 'json',
    });
    try {
      await append(server.url, 'untraced', 'm1');
      const response = await fetch(`${server.url}/v1/sessions/untraced/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).not.toHaveProperty('traceId');
      // Several export intervals: a running exporter would have sent by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.requests).toBe(0);
      expect(server.output()).not.toContain('traceId');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/** Polls `find` until it returns a value (the server's output arrives through a pipe). */
async function eventually(find: () => string | undefined): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('Not found in the output within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
