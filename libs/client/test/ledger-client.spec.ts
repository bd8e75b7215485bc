import { collect, createLedgerClient, LedgerConnectionError, LedgerError } from '../src';
import { json, startFakeServer } from './fake-server';

const result = { sessionId: 's1', revision: 3, position: 9 };
const noWait = { sleep: () => Promise.resolve(), random: () => 0.5 };

describe('createLedgerClient against a fake server', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>> | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('retries a 503 and answers the retry’s result, with the same body', async () => {
    server = await startFakeServer([
      json(503, { statusCode: 503, code: 'StoreUnavailable', message: 'down' }),
      json(503, { statusCode: 503, code: 'StoreUnavailable', message: 'down' }),
      json(200, result),
    ]);
    const waits: number[] = [];
    const ledger = createLedgerClient({
      baseUrl: server.url,
      sleep: (ms) => Promise.resolve(void waits.push(ms)),
      random: () => 0.5,
      retry: { minDelayMs: 100 },
    });
    const body = {
      messages: [
        {
          id: 'm1',
          sessionId: 's1',
          kind: 'user_input' as const,
          role: 'user' as const,
          content: 'Hi',
        },
      ],
    };
    await expect(ledger.appendMessages('s1', body)).resolves.toEqual(result);
    expect(server.seen.map((request) => request.body)).toEqual(Array(3).fill(JSON.stringify(body)));
    expect(waits).toEqual([75, 150]); // backoff doubles, jitter between half and all of it
  });

  it('waits what Retry-After says on a 429', async () => {
    server = await startFakeServer([
      json(
        429,
        { statusCode: 429, code: 'TooManyRequests', message: 'slow down' },
        { 'retry-after': '2' },
      ),
      json(200, { status: 'ok', store: { kind: 'sqlite', headPosition: 1 } }),
    ]);
    const waits: number[] = [];
    const ledger = createLedgerClient({
      baseUrl: server.url,
      sleep: (ms) => Promise.resolve(void waits.push(ms)),
    });
    await expect(ledger.health()).resolves.toEqual({
      status: 'ok',
      store: { kind: 'sqlite', headPosition: 1 },
    });
    expect(waits).toEqual([2000]);
  });

  it('gives up after its retries with the server’s typed error', async () => {
    const down = json(503, { statusCode: 503, code: 'StoreUnavailable', message: 'down' });
    server = await startFakeServer([down, down, down]);
    const ledger = createLedgerClient({ baseUrl: server.url, retry: { retries: 2 }, ...noWait });
    await expect(ledger.health()).rejects.toMatchObject({ status: 503, code: 'StoreUnavailable' });
    expect(server.seen).toHaveLength(3);
  });

  it('does not retry a 4xx: a LedgerError carries the code and the body’s fields', async () => {
    server = await startFakeServer([
      json(409, {
        statusCode: 409,
        code: 'WrongExpectedRevision',
        message: 'Session s1 is at revision 4, not 2.',
        expectedRevision: 2,
        actualRevision: 4,
      }),
    ]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    const error: unknown = await ledger
      .end('s1', { expectedRevision: 2 })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toMatchObject({
      status: 409,
      code: 'WrongExpectedRevision',
      method: 'POST',
      path: '/v1/sessions/s1/end',
      body: { expectedRevision: 2, actualRevision: 4 },
    });
    expect(server.seen).toHaveLength(1);
  });

  it('does not retry 409 PositionNotReached: a minPosition no write has reached', async () => {
    server = await startFakeServer([
      json(409, {
        statusCode: 409,
        code: 'PositionNotReached',
        message: 'minPosition 99 is past the last position of the event store (position 9).',
        minPosition: 99,
        headPosition: 9,
      }),
      json(200, { sessionId: 's1', revision: 3, messages: [], diagnostics: {} }),
    ]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    await expect(ledger.export('s1', 99)).rejects.toMatchObject({
      status: 409,
      code: 'PositionNotReached',
      body: { minPosition: 99, headPosition: 9 },
    });
    expect(server.seen.map((request) => request.url)).toEqual([
      '/v1/sessions/s1/export?format=json&minPosition=99',
    ]);
  });

  it('retries a dropped connection, then reports the ledger unreachable', async () => {
    server = await startFakeServer([(response) => response.socket?.destroy(), json(200, result)]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    await expect(ledger.end('s1')).resolves.toEqual(result);

    const closed = createLedgerClient({
      baseUrl: 'http://127.0.0.1:1',
      retry: { retries: 1 },
      ...noWait,
    });
    const error: unknown = await closed.health().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LedgerConnectionError);
    expect(error).toMatchObject({ attempts: 2 });
  });

  it('sends the API key as a bearer token, and query values as parameters', async () => {
    server = await startFakeServer([json(200, { sessions: [], nextCursor: null })]);
    const ledger = createLedgerClient({ baseUrl: `${server.url}/`, apiKey: 'key-1', ...noWait });
    await ledger.listSessions({ limit: 5, minPosition: 2 });
    expect(server.seen[0]?.headers['authorization']).toBe('Bearer key-1');
    expect(server.seen[0]?.url).toBe('/v1/sessions?limit=5&minPosition=2');
  });

  it('iterates every page of the transcript', async () => {
    const entry = (id: string) => ({ id, kind: 'user_input', role: 'user', content: id });
    server = await startFakeServer([
      json(200, {
        sessionId: 's1',
        revision: 2,
        entries: [entry('m1'), entry('m2')],
        nextCursor: 'c2',
      }),
      json(200, { sessionId: 's1', revision: 2, entries: [entry('m3')], nextCursor: null }),
    ]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    const entries = await collect(ledger.transcript('s1', { minPosition: 7 }));
    expect(entries.map(({ id }) => id)).toEqual(['m1', 'm2', 'm3']);
    expect(server.seen.map(({ url }) => url)).toEqual([
      '/v1/sessions/s1/transcript?limit=1000&minPosition=7',
      '/v1/sessions/s1/transcript?limit=1000&minPosition=7&cursor=c2',
    ]);
  });

  it('resumes the SSE transcript from the last event it delivered', async () => {
    const event = (revision: number) =>
      `id: ${revision}\nevent: entry\ndata: ${JSON.stringify({ seq: revision, revision, message: { id: `m${revision}` } })}\n\n`;
    server = await startFakeServer([
      (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('retry: 2000\n\n: comment\n\n');
        response.end(event(1) + event(2)); // the connection drops after two entries
      },
      (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(event(3));
      },
    ]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    const abort = new AbortController();
    const revisions: number[] = [];
    for await (const entry of ledger.transcriptStream('s1', {
      afterRevision: 0,
      signal: abort.signal,
      reconnectDelayMs: 0,
    })) {
      revisions.push(entry.revision);
      if (revisions.length === 3) abort.abort();
    }
    expect(revisions).toEqual([1, 2, 3]);
    expect(server.seen.map(({ url, headers }) => [url, headers['last-event-id']])).toEqual([
      ['/v1/sessions/s1/transcript/stream?afterRevision=0', undefined],
      ['/v1/sessions/s1/transcript/stream', '2'],
    ]);
  });

  it('starts the SSE transcript from the revision current at subscribe time, so a drop before the first event loses nothing', async () => {
    server = await startFakeServer([
      json(200, { sessionId: 's1', revision: 4, entries: [], nextCursor: null }),
      (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end('retry: 2000\n\n'); // drops before any entry; revision 5 is written meanwhile
      },
      (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(
          `id: 5\nevent: entry\ndata: ${JSON.stringify({ seq: 1, revision: 5, message: { id: 'm5' } })}\n\n`,
        );
      },
    ]);
    const ledger = createLedgerClient({ baseUrl: server.url, ...noWait });
    const abort = new AbortController();
    const revisions: number[] = [];
    for await (const entry of ledger.transcriptStream('s1', {
      signal: abort.signal,
      reconnectDelayMs: 0,
    })) {
      revisions.push(entry.revision);
      abort.abort();
    }
    expect(revisions).toEqual([5]);
    expect(server.seen.map(({ url }) => url)).toEqual([
      '/v1/sessions/s1/transcript?limit=1',
      '/v1/sessions/s1/transcript/stream?afterRevision=4',
      '/v1/sessions/s1/transcript/stream?afterRevision=4',
    ]);
  });
});
