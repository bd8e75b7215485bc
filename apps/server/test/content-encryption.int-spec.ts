import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentSealingEventStore, SqliteContentKeyStore } from '@agent-ledger/content-crypto';
import {
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from '@agent-ledger/eventstoredb';
import { startEsdbEmulator, type EsdbEmulator } from '@agent-ledger/eventstoredb/testing';
import { getJson, postJson } from './testing/http-client';
import { startServer, type RunningServer } from './testing/start-server';

/** The kinds of content a session holds, each given a token of its own. */
const CONTENT_KINDS = [
  'systemnote',
  'userinput',
  'attachment',
  'reasoning',
  'toolinput',
  'tooloutput',
  'assistanttext',
  'reminder',
  'boundaryreason',
  'summary',
  'pruningreason',
  'handoff',
] as const;
type ContentKind = (typeof CONTENT_KINDS)[number];

/** A word no test data holds by chance: lower-case letters, so that search tokenizes it whole. */
function uniqueToken(kind: ContentKind): string {
  const letters = [...randomBytes(12)].map((byte) => String.fromCharCode(97 + (byte % 26)));
  return `marker${kind}${letters.join('')}`;
}

/**
 * What a token looks like wherever it could be stored: as it is, and as base64 at each of the
 * three alignments it could have inside a longer base64 text (the stable middle of each).
 */
function storedForms(token: string): string[] {
  const forms = [token];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), Buffer.from(token)]).toString('base64');
    forms.push(encoded.slice(offset === 0 ? 0 : 4, -4));
  }
  return forms;
}

/** Appends a session with every kind of content through the server's routes. */
async function recordEveryKindOfContent(
  url: string,
  sessionId: string,
  tokens: Record<ContentKind, string>,
): Promise<void> {
  const session = (route: string) => `${url}/v1/sessions/${sessionId}/${route}`;
  const message = (id: string, kind: string, role: string, content: unknown) => ({
    id,
    sessionId,
    kind,
    role,
    content,
  });
  const answers = [
    await postJson(session('messages'), {
      messages: [
        message('m1', 'system_note', 'system', `Remember ${tokens.systemnote}.`),
        message('m2', 'user_input', 'user', [
          { type: 'text', text: `Please look at ${tokens.userinput}.` },
          {
            type: 'file',
            mediaType: 'text/plain',
            filename: 'notes.txt',
            data: Buffer.from(`attached ${tokens.attachment} here`).toString('base64'),
          },
        ]),
        message('m3', 'assistant_reasoning', 'assistant', `Thinking about ${tokens.reasoning}.`),
        message('m4', 'tool_call', 'assistant', [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { q: tokens.toolinput } },
        ]),
        message('m5', 'tool_result', 'tool', [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'Read',
            output: { type: 'text', value: `found ${tokens.tooloutput}` },
          },
        ]),
        message('m6', 'assistant_text', 'assistant', `The answer is ${tokens.assistanttext}.`),
        message('m7', 'runtime_reminder', 'system', `Reminder: ${tokens.reminder}.`),
      ],
    }),
    await postJson(session('prunings'), {
      messageIds: ['m5'],
      reason: `Pruned because ${tokens.pruningreason}`,
    }),
    await postJson(session('compactions'), {
      boundary: {
        ...message('b1', 'compact_boundary', 'system', {
          type: 'compact-boundary',
          trigger: 'manual',
          reason: `compacted for ${tokens.boundaryreason}`,
        }),
      },
      summary: {
        ...message('sum1', 'compact_summary', 'user', `So far: ${tokens.summary}.`),
        metadata: { summaryForBoundaryId: 'b1' },
      },
    }),
    await postJson(session('handoffs'), {
      fromAgent: 'build',
      toAgent: 'review',
      summary: `Handing over ${tokens.handoff}.`,
      handoffId: 'h1',
    }),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
}

function newTokens(): Record<ContentKind, string> {
  return Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, uniqueToken(kind)])) as Record<
    ContentKind,
    string
  >;
}

/** The tokens (by kind) of which some stored form is in `text`. */
function tokensIn(text: string, tokens: Record<ContentKind, string>): ContentKind[] {
  return CONTENT_KINDS.filter((kind) =>
    storedForms(tokens[kind]).some((form) => text.includes(form)),
  );
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('content encryption on EventStoreDB (on by default there)', () => {
  let emulator: EsdbEmulator;
  let keysDir: string;
  let server: RunningServer;
  let client: EventStore;
  const tokens = newTokens();

  beforeAll(async () => {
    emulator = await startEsdbEmulator();
    keysDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-keys-'));
    const env = {
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: emulator.connectionString,
      CONTENT_KEYS_PATH: path.join(keysDir, 'content-keys.sqlite'),
    };
    server = await startServer(env);
    client = new ContentSealingEventStore({
      inner: new EventStoreDbEventStore({ connectionString: emulator.connectionString }),
      keys: new SqliteContentKeyStore({ path: env.CONTENT_KEYS_PATH }),
    });
  });

  afterAll(async () => {
    await server.stop();
    await client.close();
    await emulator.close();
    rmSync(keysDir, { recursive: true, force: true });
  });

  it('never stores a token of any kind of content in plain text or base64, while every route reads it back', async () => {
    await recordEveryKindOfContent(server.url, 'secret-1', tokens);

    const stored = emulator.store.records.filter(
      (record) => record.streamName === 'session-secret-1',
    );
    expect(stored.length).toBeGreaterThanOrEqual(12);
    const storedText = stored
      .map(
        (record) =>
          Buffer.from(record.data).toString('utf8') +
          Buffer.from(record.customMetadata).toString('utf8'),
      )
      .join('\n');
    expect(tokensIn(storedText, tokens)).toEqual([]);
    // The structure stays readable in the log.
    expect(storedText).toContain('"toolName":"Read"');
    expect(storedText).toContain('"sealed":{"v":2');

    // Read back through the server: the raw events, the model context, the transcript.
    const events = await getJson(`${server.url}/v1/sessions/secret-1/events`);
    expect(tokensIn(JSON.stringify(events.body), tokens)).toEqual([...CONTENT_KINDS]);
    const debug = await getJson(
      `${server.url}/v1/sessions/secret-1/debug?minPosition=${stored.at(-1)?.position}`,
    );
    expect(debug.status).toBe(200);
    expect(tokensIn(JSON.stringify(debug.body), tokens)).toEqual(
      expect.arrayContaining([
        'systemnote',
        'userinput',
        'reasoning',
        'toolinput',
        'assistanttext',
        'reminder',
        'summary',
        'handoff',
      ]),
    );
    const context = await getJson(`${server.url}/v1/sessions/secret-1/model-context?format=ai-sdk`);
    expect(context.status).toBe(200);
    expect(tokensIn(JSON.stringify(context.body), tokens)).toEqual(
      expect.arrayContaining(['systemnote', 'summary', 'handoff']),
    );
  });

  it('reads nothing of a session back once its keys are destroyed, and still reads the others', async () => {
    const others = newTokens();
    await recordEveryKindOfContent(server.url, 'kept-1', others);
    const keys = new SqliteContentKeyStore({ path: path.join(keysDir, 'content-keys.sqlite') });
    try {
      expect(await keys.destroyKeysOf('session-secret-1')).toBe(1);
      expect(await keys.destroyKeysOf('session-secret-1')).toBe(0);
    } finally {
      await keys.close();
    }
    await expect(collect(client.readStream('session-secret-1'))).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
    const all: RecordedEvent[] = await collect(client.readAll());
    expect(all.some((event) => event.streamName === 'session-secret-1')).toBe(false);
    expect(tokensIn(JSON.stringify(all), tokens)).toEqual([]);
    expect(tokensIn(JSON.stringify(all), others)).toEqual([...CONTENT_KINDS]);
    // The ciphertext is still in the emulator's log (as in EventStoreDB's chunks), unreadable.
    expect(emulator.store.records.some((record) => record.streamName === 'session-secret-1')).toBe(
      true,
    );
  });
});

describe('content encryption on the embedded store (CONTENT_ENCRYPTION=on)', () => {
  let dataDir: string;
  let server: RunningServer;
  const tokens = newTokens();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-http-'));
    server = await startServer({ DATA_DIR: dataDir, CONTENT_ENCRYPTION: 'on' });
  });

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seals the log, and the model context, transcript and search work as without it', async () => {
    await recordEveryKindOfContent(server.url, 'embedded-1', tokens);
    const log = ['events.sqlite', 'events.sqlite-wal']
      .map((name) => path.join(dataDir, name))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
    expect(log.length).toBeGreaterThan(0);
    expect(tokensIn(log, tokens)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'content-keys.sqlite'))).toBe(true);

    const head = (await getJson(`${server.url}/health`)).body as {
      store: { headPosition: number };
    };
    const minPosition = `minPosition=${head.store.headPosition}`;
    const context = await getJson(
      `${server.url}/v1/sessions/embedded-1/model-context?format=ai-sdk`,
    );
    expect(context.status).toBe(200);
    expect(tokensIn(JSON.stringify(context.body), tokens)).toEqual(
      expect.arrayContaining(['systemnote', 'summary', 'handoff']),
    );
    const transcript = await getJson(
      `${server.url}/v1/sessions/embedded-1/transcript?${minPosition}`,
    );
    expect(transcript.status).toBe(200);
    expect(tokensIn(JSON.stringify(transcript.body), tokens)).toEqual(
      expect.arrayContaining(['userinput', 'assistanttext']),
    );
    const search = await getJson(
      `${server.url}/v1/search?q=${tokens.assistanttext}&${minPosition}`,
    );
    expect(search).toMatchObject({
      status: 200,
      body: { results: [{ sessionId: 'embedded-1', messageId: 'm6' }] },
    });
  });
});
