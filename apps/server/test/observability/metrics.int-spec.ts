import { createKey, statusWithin } from '../access/tenancy-fixture';
import { startServer, type RunningServer } from '../testing/start-server';
import { append, parseMetrics, samplesOf, total, type Sample } from './traffic';

async function scrape(url: string, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await fetch(`${url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

describe('GET /metrics', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  }, 120_000);

  afterAll(() => server.stop());

  it('answers each family after real traffic, routes labelled by their template', async () => {
    const { url } = server;
    await append(url, 'metrics-a', 'm1');
    const position = await append(url, 'metrics-a', 'm2');
    await append(url, 'metrics-gone', 'g1');
    // The projection runner catches up (a query waits for it), then a model context twice:
    // the first replays the log, the second is answered by the incremental views.
    const transcript = await fetch(
      `${url}/v1/sessions/metrics-a/transcript?minPosition=${position}`,
    );
    expect(transcript.status).toBe(200);
    for (let read = 0; read < 2; read += 1) {
      const context = await fetch(`${url}/v1/sessions/metrics-a/model-context?format=ai-sdk`);
      expect(context.status).toBe(200);
    }
    const stream = await fetch(`${url}/v1/sessions/metrics-a/transcript/stream`);
    expect(stream.status).toBe(200);
    const erased = await fetch(`${url}/v1/sessions/metrics-gone`, { method: 'DELETE' });
    expect(erased.status).toBeLessThan(300);

    const samples = await scrape(url);
    const duration = 'http_server_request_duration_seconds_count';
    expect(
      total(samples, duration, {
        http_request_method: 'POST',
        http_route: '/v1/sessions/:sessionId/messages',
        http_response_status_code: '200',
      }),
    ).toBe(3);
    expect(total(samples, duration, { http_route: '/v1/sessions/:sessionId/model-context' })).toBe(
      2,
    );
    // Bounded cardinality: no label carries a session id.
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels));
    expect(labelValues.filter((value) => value.includes('metrics-a'))).toEqual([]);

    expect(total(samples, 'agent_ledger_append_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(total(samples, 'agent_ledger_append_events_sum')).toBeGreaterThanOrEqual(3);
    expect(total(samples, 'agent_ledger_projection_batch_events_count')).toBeGreaterThanOrEqual(1);
    const lag = samplesOf(samples, 'agent_ledger_projection_lag_events');
    expect(lag.map((sample) => sample.labels['handler']).sort()).toEqual(
      expect.arrayContaining(['session-list']),
    );
    expect(lag.length).toBeGreaterThanOrEqual(3);
    expect(samplesOf(samples, 'agent_ledger_projection_lag_seconds')).toHaveLength(lag.length);
    expect(
      total(samples, 'agent_ledger_model_context_duration_seconds_count', { format: 'ai-sdk' }),
    ).toBe(2);
    expect(total(samples, 'agent_ledger_model_context_cache_misses_total')).toBe(1);
    expect(total(samples, 'agent_ledger_model_context_cache_hits_total')).toBe(1);
    expect(total(samples, 'agent_ledger_sse_subscribers')).toBe(1);
    expect(total(samples, 'agent_ledger_sessions')).toBe(1);
    expect(total(samples, 'agent_ledger_store_bytes', { file: 'events' })).toBeGreaterThan(0);
    expect(total(samples, 'agent_ledger_store_bytes', { file: 'read-models' })).toBeGreaterThan(0);
    expect(total(samples, 'agent_ledger_erasures_total')).toBe(1);
    expect(total(samples, 'agent_ledger_erased_streams_total')).toBe(1);
    await stream.body?.cancel();
  }, 120_000);

  it('says how far behind each handler is: 0 once it has caught up', async () => {
    const position = await append(server.url, 'metrics-lag', 'l1');
    await fetch(`${server.url}/v1/sessions/metrics-lag/transcript?minPosition=${position}`);
    const samples = await scrape(server.url);
    for (const sample of samplesOf(samples, 'agent_ledger_projection_lag_events')) {
      expect(sample.value).toBe(0);
    }
    for (const sample of samplesOf(samples, 'agent_ledger_projection_lag_seconds')) {
      expect(sample.value).toBe(0);
    }
  }, 120_000);

  it('labels a request no route matched "unmatched", whatever its URL', async () => {
    await fetch(`${server.url}/no/such/path-123`);
    const samples = await scrape(server.url);
    expect(
      total(samples, 'http_server_request_duration_seconds_count', {
        http_route: 'unmatched',
        http_response_status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

describe('GET /metrics once keys exist', () => {
  it('needs a key with the admin scope: 401 without one, 403 with a lesser one', async () => {
    const server = await startServer();
    try {
      const admin = await createKey(server.dataDir, 'default', ['admin']);
      const reader = await createKey(server.dataDir, 'default', ['read', 'write', 'audit']);
      // The keys are the event store's: the running server follows them within a second.
      expect(await statusWithin(1000, `${server.url}/metrics`, 401)).toBe(401);
      const anonymous = await fetch(`${server.url}/metrics`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: 'Unauthorized' });
      const wrong = await fetch(`${server.url}/metrics`, {
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(401);
      const lesser = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${reader}` },
      });
      expect(lesser.status).toBe(403);
      expect(await lesser.json()).toMatchObject({
        code: 'Forbidden',
        message: expect.stringContaining('"admin" scope') as unknown,
      });
      const samples = await scrape(server.url, { authorization: `Bearer ${admin}` });
      expect(samplesOf(samples, 'agent_ledger_sse_subscribers')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
