import { seedExampleAiSdkMessages } from '@agent-ledger/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { getJson, postJson, type JsonResponse } from './testing/http-client';
import { stringMatching } from './testing/matchers';
import { readSessionStream } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * examples/seed-example.json as the README records it over HTTP: the file holds m4 as already
 * pruned (`metadata.compactedAt`), which over HTTP is the pruning command's job, so that metadata
 * goes (m4's is the file's only metadata).
 */
function seedExampleRequestMessages(): unknown[] {
  const parsed: unknown = JSON.parse(
    readFileSync(path.join(root, 'examples', 'seed-example.json'), 'utf8'),
  );
  if (!Array.isArray(parsed)) throw new Error('examples/seed-example.json is not an array');
  return parsed.map((message: unknown) => {
    if (typeof message !== 'object' || message === null) return message;
    const { metadata: _metadata, ...rest } = message as Record<string, unknown>;
    return rest;
  });
}

describe("the seed's example through a server on each store", () => {
  const stores: TestStore[] = [];
  const servers = new Map<string, RunningServer>();

  beforeAll(async () => {
    for (const kind of STORE_KINDS) {
      const store = await startTestStore(kind);
      stores.push(store);
      servers.set(kind, await startServer(store.env));
    }
  });

  afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await Promise.all(stores.map((store) => store.close()));
  });

  it('records it and prunes m4, with the same answers', async () => {
    const answers = [];
    for (const server of servers.values()) {
      const url = `${server.url}/v1/sessions/s1`;
      const appended = await postJson(`${url}/messages`, {
        messages: seedExampleRequestMessages(),
      });
      const pruned = await postJson(`${url}/prunings`, {
        messageIds: ['m4'],
        reason: 'Old tool result no longer needed in full',
      });
      answers.push([withoutPosition(appended), withoutPosition(pruned)]);
    }
    expect(answers).toEqual([
      [
        { status: 200, body: { sessionId: 's1', revision: 5 } },
        { status: 200, body: { sessionId: 's1', revision: 6 } },
      ],
      [
        { status: 200, body: { sessionId: 's1', revision: 5 } },
        { status: 200, body: { sessionId: 's1', revision: 6 } },
      ],
    ]);
  });

  it.each(['', '?format=ai-sdk', '?format=ai-sdk-prompt', '?atRevision=5&format=ai-sdk'])(
    'GET /v1/sessions/s1/model-context%s answers the same on EventStoreDB as on SQLite',
    async (query) => {
      const [onSqlite, onEventStoreDb] = await Promise.all(
        ['sqlite', 'eventstoredb'].map((kind) =>
          getJson(`${servers.get(kind)?.url}/v1/sessions/s1/model-context${query}`),
        ),
      );
      expect([onSqlite?.status, onEventStoreDb]).toEqual([200, onSqlite]);
    },
  );

  it("the AI SDK messages are the seed's, with toolName and m4's output cleared", async () => {
    const response = await getJson(
      `${servers.get('eventstoredb')?.url}/v1/sessions/s1/model-context?format=ai-sdk`,
    );
    expect((response.body as { messages: unknown }).messages).toEqual(seedExampleAiSdkMessages());
  });

  it('the events are in EventStoreDB, read back through its own client', async () => {
    const store = stores.find((candidate) => candidate.kind === 'eventstoredb');
    const events = await readSessionStream(store!, 's1');
    expect(events.map((event) => event.type)).toEqual([
      'SessionStarted',
      'SystemNoteRecorded',
      'UserInputRecorded',
      'ToolCallRecorded',
      'ToolResultRecorded',
      'AssistantTextRecorded',
      'ToolResultsPruned',
    ]);
  });
});

function withoutPosition(response: JsonResponse): JsonResponse {
  const { position: _position, ...body } = response.body as Record<string, unknown>;
  return { status: response.status, body };
}

describe('a server configured for EventStoreDB', () => {
  it('refuses to start without EVENTSTORE_CONNECTION_STRING, saying what it needs', async () => {
    await expect(startServer({ EVENT_STORE: 'eventstoredb' })).rejects.toThrow(
      'Agent Ledger could not start: EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING, which is not set;',
    );
  });

  it('starts while EventStoreDB is down: /health answers 503, then 200 once the node is up, and the read models follow', async () => {
    // A loopback port with nothing behind it yet (the emulator comes up there later).
    const probe = await startEsdbEmulator();
    const port = probe.port;
    await probe.close();
    const server = await startServer({
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: `esdb://127.0.0.1:${port}?tls=false`,
    });
    let emulator: EsdbEmulator | undefined;
    try {
      expect(await getJson(`${server.url}/health`)).toEqual({
        status: 503,
        body: {
          statusCode: 503,
          code: 'StoreUnavailable',
          message: stringMatching(/^The eventstoredb event store did not answer: .+\.$/),
          status: 'unavailable',
          store: { kind: 'eventstoredb' },
        },
      });

      // A command meanwhile is refused with 503 and a message that says retrying is safe.
      const refused = await postJson(`${server.url}/v1/sessions/late-1/messages`, {
        messages: [
          { id: 'm1', sessionId: 'late-1', kind: 'user_input', role: 'user', content: 'hello' },
        ],
      });
      expect(refused).toEqual({
        status: 503,
        body: {
          statusCode: 503,
          code: 'StoreUnavailable',
          message: stringMatching(/^The event store is unavailable: .+ Retry the same request/),
        },
      });

      emulator = await startEsdbEmulator({ port });
      const health = await poll(
        () => getJson(`${server.url}/health`),
        (answer) => answer.status === 200,
      );
      expect(health).toEqual({
        status: 200,
        body: {
          status: 'ok',
          store: { kind: 'eventstoredb', headPosition: null },
          storage: { status: 'ok', freeBytes: expect.any(Number) as unknown },
          readModels: { position: null, behind: null },
          retention: { schedule: 'off' },
        },
      });

      const appended = await postJson(`${server.url}/v1/sessions/late-1/messages`, {
        messages: [
          { id: 'm1', sessionId: 'late-1', kind: 'user_input', role: 'user', content: 'hello' },
        ],
      });
      const position = (appended.body as { position: number }).position;
      const transcript = await getJson(
        `${server.url}/v1/sessions/late-1/transcript?minPosition=${position}`,
      );
      expect([appended.status, transcript.status]).toEqual([200, 200]);
      // The projection runner's subscription failed while the node was down, said so, and resumed.
      expect(server.output()).toMatch(
        /WARN \[EventStoreDB\] EventStoreDB subscription to \$all dropped \(14 UNAVAILABLE: [^)]*\); resubscribing/,
      );
    } finally {
      await server.stop();
      await emulator?.close();
    }
  });
});

/** Calls `ask` until `done` says so (every 100 ms, at most 200 times); returns the last answer. */
async function poll<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  let answer = await ask();
  for (let attempt = 1; attempt < 200 && !done(answer); attempt += 1) {
    await sleep(100);
    answer = await ask();
  }
  return answer;
}
