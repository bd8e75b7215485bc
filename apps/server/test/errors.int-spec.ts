import { seedExampleMessages } from '@agent-ledger/testing';
import { postDeclaringLength, postJson } from './testing/http-client';
import { readSessionStream } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { anyNumber, stringContaining, stringMatching } from './testing/matchers';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  let store: TestStore;
  let server: RunningServer;
  const sessionUrl = (sessionId: string, route: string): string =>
    `${server.url}/v1/sessions/${sessionId}/${route}`;

  /** The seed's example recorded in `sessionId`: 6 events, revision 5. */
  async function recordSeed(sessionId: string): Promise<void> {
    const response = await postJson(sessionUrl(sessionId, 'messages'), {
      messages: seedExampleMessages().map((message) => ({ ...message, sessionId })),
    });
    expect(response.status).toEqual(200);
  }

  /** The revisions of the session's stream, read through the store's own client. */
  const revisionsOf = async (sessionId: string): Promise<number[]> =>
    (await readSessionStream(store, sessionId)).map((event) => event.revision);

  beforeAll(async () => {
    store = await startTestStore(kind);
    server = await startServer(store.env);
  });

  afterAll(async () => {
    try {
      await server.stop();
    } finally {
      await store.close();
    }
  });

  describe('400: a malformed request says which field and why; nothing is appended', () => {
    it('a runtime message that breaks its schema', async () => {
      const response = await postJson(sessionUrl('bad-1', 'messages'), {
        messages: [
          { id: 'm1', sessionId: 'bad-1', kind: 'user_input', role: 'user', content: 'hi' },
          {
            id: 'm2',
            sessionId: 'bad-1',
            kind: 'tool_call',
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 42, toolName: 'Read', input: {} }],
          },
        ],
      });
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidRequest',
          message:
            'The request is not valid: messages[1] (id "m2"): content/0/toolCallId: must be string. Nothing was appended.',
          errors: ['messages[1] (id "m2"): content/0/toolCallId: must be string'],
        },
      });
      expect(await revisionsOf('bad-1')).toEqual([]);
    });

    it('an envelope with a wrong or unknown field', async () => {
      const response = await postJson(sessionUrl('bad-2', 'messages'), {
        expectedRevision: 'latest',
        messages: [
          { id: 'm1', sessionId: 'bad-2', kind: 'user_input', role: 'user', content: 'hi' },
        ],
        extra: true,
      });
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidRequest',
          message: stringContaining('expectedRevision'),
          errors: [
            'extra: property extra should not exist',
            'expectedRevision: expectedRevision must be an integer (got a string, "latest")',
          ],
        },
      });
      expect(await revisionsOf('bad-2')).toEqual([]);
    });

    it('an expectedRevision sent as a string names the integer expected, not the minimum', async () => {
      const response = await postJson(sessionUrl('bad-2b', 'messages'), {
        expectedRevision: '1',
        messages: [
          { id: 'm1', sessionId: 'bad-2b', kind: 'user_input', role: 'user', content: 'hi' },
        ],
      });
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidRequest',
          message:
            'The request is not valid: expectedRevision: expectedRevision must be an integer (got a string, "1"). Nothing was appended.',
          errors: ['expectedRevision: expectedRevision must be an integer (got a string, "1")'],
        },
      });
      expect(await revisionsOf('bad-2b')).toEqual([]);
    });

    it('a body that is not JSON', async () => {
      expect(await postJson(sessionUrl('bad-3', 'messages'), '{"messages": [')).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'MalformedJson',
          message:
            "The request body is not valid JSON: Body is not valid JSON but content-type is set to 'application/json'.",
        },
      });
      expect(await revisionsOf('bad-3')).toEqual([]);
    });

    it('AI SDK response messages that the AI SDK would not accept', async () => {
      const response = await postJson(sessionUrl('bad-4', 'ai-sdk-steps'), {
        messages: [
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 3, input: {} }],
          },
        ],
      });
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidRequest',
          message:
            'The request is not valid: messages[0].content[0].toolName: Invalid input: expected string, received number. Nothing was appended.',
          errors: [
            'messages[0].content[0].toolName: Invalid input: expected string, received number',
          ],
        },
      });
      expect(await revisionsOf('bad-4')).toEqual([]);
    });

    it('a compaction whose summary is another kind', async () => {
      await recordSeed('bad-5');
      const response = await postJson(sessionUrl('bad-5', 'compactions'), {
        boundary: {
          id: 'b1',
          sessionId: 'bad-5',
          kind: 'compact_boundary',
          role: 'system',
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
        summary: { id: 'sum1', sessionId: 'bad-5', kind: 'user_input', role: 'user', content: 'x' },
      });
      expect(response).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'InvalidRequest',
          message:
            'The request is not valid: summary.kind: must be "compact_summary" (got "user_input"). Nothing was appended.',
          errors: ['summary.kind: must be "compact_summary" (got "user_input")'],
        },
      });
      expect(await revisionsOf('bad-5')).toEqual([0, 1, 2, 3, 4, 5]);
    });
  });

  describe('404 and 405: a request no route takes points to /docs', () => {
    it('an unknown path is 404 NotFound naming the method and path, with the docs to read', async () => {
      const response = await postJson(`${server.url}/v1/nothing`, {});
      expect(response).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          code: 'NotFound',
          message:
            'No route takes POST "/v1/nothing". The routes and their methods are listed at /docs (the OpenAPI UI; the document itself is /docs/openapi.json).',
        },
      });
    });

    it('a GET on a POST-only route is 405 MethodNotAllowed with the Allow header', async () => {
      const response = await fetch(sessionUrl('s-405', 'messages?x=1'));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({
        statusCode: 405,
        code: 'MethodNotAllowed',
        message: stringContaining(
          'GET is not a method of "/v1/sessions/s-405/messages"; it takes POST',
        ),
      });
    });

    it('a DELETE on a GET route lists GET and HEAD, and the docs it points to exist', async () => {
      const response = await fetch(`${server.url}/health`, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect((await fetch(`${server.url}/docs`)).status).toBe(200);
    });
  });

  describe('404: a command that needs an existing session', () => {
    it('pruning a session that was never started', async () => {
      expect(await postJson(sessionUrl('nobody', 'prunings'), { messageIds: ['m4'] })).toEqual({
        status: 404,
        body: {
          statusCode: 404,
          code: 'SessionNotFound',
          message:
            'Session "nobody" does not exist, so there is nothing to prune. A session starts with its first appended messages.',
        },
      });
      expect(await revisionsOf('nobody')).toEqual([]);
    });
  });

  describe('409: a wrong expected revision, with the expected and actual revision', () => {
    it('an append that expects an older revision', async () => {
      await recordSeed('stale-1');
      const response = await postJson(sessionUrl('stale-1', 'messages'), {
        expectedRevision: 3,
        messages: [
          { id: 'm6', sessionId: 'stale-1', kind: 'user_input', role: 'user', content: 'and now?' },
        ],
      });
      expect(response).toEqual({
        status: 409,
        body: {
          statusCode: 409,
          code: 'WrongExpectedRevision',
          message:
            'Stream "session-stale-1" is at revision 5, expected 3; nothing was appended. Read the stream and retry with its current revision.',
          expectedRevision: 3,
          actualRevision: 5,
        },
      });
      expect(await revisionsOf('stale-1')).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('a first append that expects the session to exist', async () => {
      const response = await postJson(sessionUrl('stale-2', 'messages'), {
        expectedRevision: 0,
        messages: [
          { id: 'm1', sessionId: 'stale-2', kind: 'user_input', role: 'user', content: 'hi' },
        ],
      });
      expect(response).toEqual({
        status: 409,
        body: {
          statusCode: 409,
          code: 'WrongExpectedRevision',
          message: stringContaining('"session-stale-2"'),
          expectedRevision: 0,
          actualRevision: -1,
        },
      });
      expect(await revisionsOf('stale-2')).toEqual([]);
    });
  });

  describe('413: too large', () => {
    it('an append over the store limit of 1 MiB reaches the store and is refused there', async () => {
      // Each text is under the blob threshold (32 KiB; a longer one would become a blob), together 1.5 MB.
      const response = await postJson(sessionUrl('large-1', 'messages'), {
        messages: Array.from({ length: 60 }, (_, index) => ({
          id: `m${index}`,
          sessionId: 'large-1',
          kind: 'user_input',
          role: 'user',
          content: 'x'.repeat(25_000),
        })),
      });
      expect(response).toEqual({
        status: 413,
        body: {
          statusCode: 413,
          code: 'AppendTooLarge',
          message: stringMatching(
            /^Append to "session-large-1" is \d+ bytes, over the limit of 1048576 bytes; nothing was written\. Split it into smaller appends\.$/,
          ),
          size: anyNumber,
          limit: 1048576,
        },
      });
      expect(await revisionsOf('large-1')).toEqual([]);
    });

    it("a body over the server's body limit is refused before parsing, with a clear body", async () => {
      const response = await postDeclaringLength(sessionUrl('large-2', 'ai-sdk-steps'), 5_000_000);
      expect(response).toEqual({
        status: 413,
        body: {
          statusCode: 413,
          code: 'RequestBodyTooLarge',
          message:
            "The request body is over the server's limit of 4194304 bytes (MAX_BODY_BYTES); nothing was appended. An append holds at most 1 MiB of events: split the batch.",
          limit: 4194304,
        },
      });
      expect(await revisionsOf('large-2')).toEqual([]);
    });

    it('an append over its own, larger limit is refused before parsing, naming that limit', async () => {
      const response = await postDeclaringLength(sessionUrl('large-3', 'messages'), 70_000_000);
      expect(response).toEqual({
        status: 413,
        body: {
          statusCode: 413,
          code: 'RequestBodyTooLarge',
          message:
            "The request body is over the append's limit of 67108864 bytes (MAX_APPEND_BODY_BYTES); nothing was appended. Upload larger outputs first (PUT /v1/sessions/:sessionId/blobs) and refer to them by sha256.",
          limit: 67108864,
        },
      });
      expect(await revisionsOf('large-3')).toEqual([]);
    });
  });

  describe('415: a body that is not JSON', () => {
    it('text/plain', async () => {
      expect(await postJson(sessionUrl('text-1', 'messages'), 'hello', 'text/plain')).toEqual({
        status: 415,
        body: {
          statusCode: 415,
          code: 'UnsupportedMediaType',
          message:
            'Unsupported Media Type. Send the body as JSON with "Content-Type: application/json".',
        },
      });
    });
  });

  describe('422: a broken session rule names the rule, the message and the field; nothing is appended', () => {
    it('a tool result for an unknown tool call, after a valid message of the same batch', async () => {
      await recordSeed('rule-1');
      const response = await postJson(sessionUrl('rule-1', 'messages'), {
        messages: [
          {
            id: 'm6',
            sessionId: 'rule-1',
            kind: 'assistant_text',
            role: 'assistant',
            content: 'Running it.',
          },
          {
            id: 'm7',
            sessionId: 'rule-1',
            kind: 'tool_result',
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_404',
                output: { type: 'text', value: 'ok' },
              },
            ],
          },
        ],
      });
      expect(response).toEqual({
        status: 422,
        body: {
          statusCode: 422,
          code: 'UnknownToolCall',
          message:
            'Message "m7" (tool_result): content[0].toolCallId "call_404" answers no tool call of this session. Record the tool_call message first (earlier, or before this result in the same batch).',
          messageId: 'm7',
          field: 'content[0].toolCallId',
        },
      });
      expect(await revisionsOf('rule-1')).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('a message id reused with other content', async () => {
      await recordSeed('rule-2');
      const response = await postJson(sessionUrl('rule-2', 'messages'), {
        messages: [
          {
            id: 'm5',
            sessionId: 'rule-2',
            kind: 'assistant_text',
            role: 'assistant',
            content: 'Other.',
          },
        ],
      });
      expect(response).toEqual({
        status: 422,
        body: {
          statusCode: 422,
          code: 'DuplicateMessageId',
          message:
            'Message "m5" (assistant_text): id "m5" is already recorded in session "rule-2" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.',
          messageId: 'm5',
          field: 'id',
        },
      });
      expect(await revisionsOf('rule-2')).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('a pruning that names a message that is not a tool result', async () => {
      await recordSeed('rule-3');
      expect(
        await postJson(sessionUrl('rule-3', 'prunings'), { messageIds: ['m4', 'm3'] }),
      ).toEqual({
        status: 422,
        body: {
          statusCode: 422,
          code: 'NotAToolResult',
          message:
            'messageIds[1]: message "m3" is not a tool_result. Only tool results can be pruned.',
          messageId: 'm3',
          field: 'messageIds[1]',
        },
      });
      expect(await revisionsOf('rule-3')).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it("a message whose sessionId is not the route's", async () => {
      const response = await postJson(sessionUrl('rule-4', 'messages'), {
        messages: [
          { id: 'm1', sessionId: 'someone-else', kind: 'user_input', role: 'user', content: 'hi' },
        ],
      });
      expect(response).toEqual({
        status: 422,
        body: {
          statusCode: 422,
          code: 'SessionIdMismatch',
          message:
            'Message "m1" (user_input): sessionId is "someone-else", but it is sent to session "rule-4". A message must carry the id of the session it is appended to.',
          messageId: 'm1',
          field: 'sessionId',
        },
      });
      expect(await revisionsOf('rule-4')).toEqual([]);
    });
  });
});
