import { seedExampleAiSdkMessages } from '@agent-ledger/testing';
import { seedExampleMessages } from '@agent-ledger/testing';
import { getJson, postJson, type JsonResponse } from '../testing/http-client';
import { anyNumber, anyString } from '../testing/matchers';
import { startServer, type RunningServer } from '../testing/start-server';
import { STORE_KINDS, startTestStore, type TestStore } from '../testing/test-store';

/** The command's `position`, for read-your-writes. */
function positionOf(response: JsonResponse): number {
  const body = response.body as { position?: unknown };
  if (typeof body.position !== 'number')
    throw new Error(`No position in ${JSON.stringify(response)}`);
  return body.position;
}

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  let store: TestStore;
  let server: RunningServer;
  let prunedAt: number;

  const url = (route: string): string => `${server.url}/v1/sessions${route}`;

  beforeAll(async () => {
    store = await startTestStore(kind);
    server = await startServer({ ...store.env, READ_MODEL_WAIT_MS: '1500' });
    // The seed's worked example over HTTP (m4 recorded whole, by toolCallId alone), then m4 pruned.
    const appended = await postJson(url('/s1/messages'), { messages: seedExampleMessages() });
    expect(appended.status).toBe(200);
    const pruned = await postJson(url('/s1/prunings'), {
      messageIds: ['m4'],
      reason: 'Old tool result no longer needed in full',
    });
    expect(pruned.status).toBe(200);
    prunedAt = positionOf(pruned);
  });

  afterAll(async () => {
    try {
      await server.stop();
    } finally {
      await store.close();
    }
  });

  describe("the seed's worked example, recorded over HTTP and pruned", () => {
    it('model-context?format=ai-sdk returns the seed’s AI SDK messages, with toolName', async () => {
      expect(await getJson(url('/s1/model-context?format=ai-sdk'))).toEqual({
        status: 200,
        body: {
          sessionId: 's1',
          revision: 6,
          messages: seedExampleAiSdkMessages(),
          diagnostics: {
            hiddenMessageIds: [],
            truncatedMessageIds: ['m4'],
            injectedNotes: [],
            repairs: [],
            fallbacks: [],
            window: { fromRevision: 0, toRevision: 6, eventsRead: 7 },
          },
          // No provider asked: the plain estimate (four characters a token, four a message).
          tokens: { input: 56, method: 'estimate' },
        },
      });
    });

    it('the transcript still shows the full tool output, flagged as pruned', async () => {
      const page = await getJson(url(`/s1/transcript?minPosition=${prunedAt}`));
      expect(page.status).toBe(200);
      const body = page.body as {
        revision: number;
        entries: Array<{ id: string }>;
        nextCursor: unknown;
      };
      expect(body.revision).toBe(6);
      expect(body.nextCursor).toBeNull();
      expect(body.entries.map((entry) => entry.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(await getJson(url(`/s1/transcript/m4?minPosition=${prunedAt}`))).toEqual({
        status: 200,
        body: {
          view: 'transcript',
          role: 'tool',
          semanticType: 'tool_result',
          sourceMessageIds: ['m4'],
          id: 'm4',
          kind: 'tool_result',
          createdAt: '2026-04-08T09:00:03Z',
          compactedAt: anyString,
          metadata: { compacted: true },
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'Read',
              output: { type: 'text', value: '...长文件...' },
            },
          ],
        },
      });
    });

    it('pages the transcript by cursor', async () => {
      const first = await getJson(url(`/s1/transcript?limit=2&minPosition=${prunedAt}`));
      const firstBody = first.body as { entries: Array<{ id: string }>; nextCursor: string };
      expect(firstBody.entries.map((entry) => entry.id)).toEqual(['m1', 'm2']);
      const second = await getJson(url(`/s1/transcript?limit=2&cursor=${firstBody.nextCursor}`));
      expect(
        (second.body as { entries: Array<{ id: string }> }).entries.map((entry) => entry.id),
      ).toEqual(['m3', 'm4']);
    });

    it('lists the session with its summary', async () => {
      const list = await getJson(url(`?minPosition=${prunedAt}`));
      expect(list.status).toBe(200);
      expect((list.body as { sessions: unknown[] }).sessions).toContainEqual({
        sessionId: 's1',
        agents: [],
        firstActivityAt: anyString,
        lastActivityAt: anyString,
        messageCounts: {
          system_note: 1,
          user_input: 1,
          tool_call: 1,
          tool_result: 1,
          assistant_text: 1,
        },
        messageCount: 5,
        compacted: false,
        compactionCount: 0,
        pruningCount: 1,
        ended: false,
        revision: 6,
        position: prunedAt,
      });
    });

    it('the debug view says why m4 is a stub', async () => {
      const debug = await getJson(url(`/s1/debug?minPosition=${prunedAt}`));
      expect(debug.status).toBe(200);
      const body = debug.body as {
        messages: Array<{ id: string; model: unknown; metadata?: unknown }>;
        repairs: unknown[];
        failedEvents: unknown[];
      };
      expect(body.messages.find((message) => message.id === 'm4')).toMatchObject({
        model: {
          status: 'shown',
          modelIndex: 3,
          semanticType: 'tool_result',
          compacted: { cause: 'compacted', compactedAt: anyString },
        },
        metadata: { compacted: true },
      });
      expect(body.repairs).toEqual([]);
      expect(body.failedEvents).toEqual([]);
    });

    it('exports as JSON and as Markdown', async () => {
      const json = await getJson(url(`/s1/export?minPosition=${prunedAt}`));
      expect(json.status).toBe(200);
      const exported = json.body as { export: { messages: Array<{ id: string }> } };
      expect(exported.export.messages.map((message) => message.id)).toEqual([
        'm1',
        'm2',
        'm3',
        'm4',
        'm5',
      ]);
      const markdown = await fetch(url('/s1/export?format=markdown'));
      expect(markdown.status).toBe(200);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const text = await markdown.text();
      expect(text.startsWith('# Session s1\n')).toBe(true);
      expect(text).toContain('...长文件...');
    });

    it('serves the raw stream, paginated by revision', async () => {
      const page = await getJson(url('/s1/events?limit=3'));
      expect(page).toEqual({
        status: 200,
        body: {
          sessionId: 's1',
          events: [0, 1, 2].map((revision) => ({
            revision,
            position: anyNumber,
            id: anyString,
            type: ['SessionStarted', 'SystemNoteRecorded', 'UserInputRecorded'][revision],
            data: expect.any(Object) as unknown,
            metadata: expect.objectContaining({ schemaVersion: 1 }) as unknown,
            createdAt: anyString,
          })),
          nextRevision: 3,
        },
      });
      const last = await getJson(url('/s1/events?fromRevision=6'));
      expect((last.body as { events: unknown[]; nextRevision: unknown }).nextRevision).toBeNull();
    });

    it('computes the model context as of a past revision', async () => {
      const before = await getJson(url('/s1/model-context?format=ai-sdk-prompt&atRevision=5'));
      expect(before.status).toBe(200);
      const body = before.body as {
        revision: number;
        system: unknown;
        messages: Array<{ role: string; content: unknown }>;
      };
      expect(body.revision).toBe(5);
      expect(body.system).toBe('Workspace root is /repo');
      // Before the pruning mark the model saw m4's full output.
      expect(body.messages[2]).toEqual({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: '...长文件...' },
          },
        ],
      });
    });
  });

  describe('query errors', () => {
    it.each([
      '/nope/transcript',
      '/nope/transcript/m1',
      '/nope/debug',
      '/nope/export',
      '/nope/model-context',
      '/nope/events',
    ])('404 SessionNotFound for GET %s', async (route) => {
      expect(await getJson(url(route))).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          code: 'SessionNotFound',
          message: 'Session "nope" does not exist.',
        },
      });
    });

    it('404 MessageNotFound and RevisionNotFound', async () => {
      expect((await getJson(url('/s1/transcript/m9'))).body).toMatchObject({
        statusCode: 404,
        code: 'MessageNotFound',
      });
      expect((await getJson(url('/s1/model-context?atRevision=99'))).body).toEqual({
        statusCode: 404,
        code: 'RevisionNotFound',
        message: 'Session "s1" has no revision 99; its latest revision is 6.',
      });
    });

    it('409 PositionNotReached at once for a minPosition no write has reached', async () => {
      const response = await getJson(url(`/s1/transcript?minPosition=${prunedAt + 1_000_000}`));
      expect(response).toEqual({
        status: 409,
        body: {
          statusCode: 409,
          code: 'PositionNotReached',
          message: `minPosition ${prunedAt + 1_000_000} is past the last position of the event store (position ${prunedAt}): no write has reached it. Give the position a command of this store answered.`,
          minPosition: prunedAt + 1_000_000,
          headPosition: prunedAt,
        },
      });
    });

    it('400 for malformed query parameters', async () => {
      const response = await getJson(url('/s1/transcript?limit=0&cursor=abc&colour=red'));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'InvalidRequest' });
      expect((response.body as { errors: string[] }).errors).toEqual(
        expect.arrayContaining([
          expect.stringContaining('limit'),
          expect.stringContaining('cursor'),
          expect.stringContaining('colour'),
        ]),
      );
    });
  });

  describe('the live transcript stream (Server-Sent Events)', () => {
    it('sends a new entry once it reaches the read model', async () => {
      const controller = new AbortController();
      const response = await fetch(url('/s1/transcript/stream'), { signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = response.body!.getReader();
      const received = readUntil(reader, (text) => text.includes('event: entry'));
      const appended = await postJson(url('/s1/messages'), {
        messages: [
          {
            id: 'm6',
            sessionId: 's1',
            kind: 'user_input',
            role: 'user',
            createdAt: '2026-04-08T10:05:00Z',
            content: 'Thanks, go ahead.',
          },
        ],
      });
      expect(appended.status).toBe(200);
      const text = await received;
      controller.abort();
      const data = /event: entry\ndata: (.*)\n/.exec(text)?.[1];
      expect(JSON.parse(data ?? 'null')).toEqual({
        seq: 5,
        revision: 7,
        message: {
          view: 'transcript',
          role: 'user',
          semanticType: 'user_input',
          sourceMessageIds: ['m6'],
          id: 'm6',
          kind: 'user_input',
          createdAt: '2026-04-08T10:05:00Z',
          content: 'Thanks, go ahead.',
        },
      });
      expect(text).toContain('id: 7\n');
    });
  });
});

async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  done: (text: string) => boolean,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}
