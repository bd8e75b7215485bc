import { sessionEventId } from '@agent-ledger/sessions';
import { seedExampleMessages } from '@agent-ledger/testing';
import { getJson, postJson } from './testing/http-client';
import { readSessionStream } from './testing/read-session-stream';
import { startServer, type RunningServer } from './testing/start-server';
import { anyNumber, anyString, stringMatching } from './testing/matchers';
import { STORE_KINDS, startTestStore, type TestStore } from './testing/test-store';

describe.each(STORE_KINDS)('on the %s store', (kind) => {
  let store: TestStore;
  let server: RunningServer;
  const sessionUrl = (sessionId: string, route: string): string =>
    `${server.url}/v1/sessions/${sessionId}/${route}`;

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

  describe("the seed's worked example over HTTP", () => {
    it('records m1–m5 (createdAt filled when absent), then prunes m4', async () => {
      const [m1, ...rest] = seedExampleMessages();
      const { createdAt: _createdAt, ...m1WithoutTime } = m1!;
      const appended = await postJson(sessionUrl('s1', 'messages'), {
        messages: [m1WithoutTime, ...rest],
      });
      expect(appended).toEqual({
        status: 200,
        body: { sessionId: 's1', revision: 5, position: anyNumber },
      });

      const pruned = await postJson(sessionUrl('s1', 'prunings'), {
        messageIds: ['m4'],
        reason: 'Old tool result no longer needed in full',
        expectedRevision: 5,
      });
      expect(pruned).toEqual({
        status: 200,
        body: { sessionId: 's1', revision: 6, position: anyNumber },
      });

      const stream = await readSessionStream(store, 's1');
      const stamped = (stream[1]?.data as { createdAt?: unknown } | undefined)?.createdAt;
      expect(stamped).toEqual(stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
      expect(stream.map(({ revision, type, data }) => ({ revision, type, data }))).toEqual([
        { revision: 0, type: 'SessionStarted', data: { sessionId: 's1', startedAt: anyString } },
        { revision: 1, type: 'SystemNoteRecorded', data: { ...m1, createdAt: stamped } },
        { revision: 2, type: 'UserInputRecorded', data: rest[0] },
        { revision: 3, type: 'ToolCallRecorded', data: rest[1] },
        { revision: 4, type: 'ToolResultRecorded', data: rest[2] },
        { revision: 5, type: 'AssistantTextRecorded', data: rest[3] },
        {
          revision: 6,
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['m4'],
            compactedAt: anyString,
            reason: 'Old tool result no longer needed in full',
          },
        },
      ]);
      expect(stream[4]?.id).toEqual(
        sessionEventId('s1', { type: 'ToolResultRecorded', data: rest[2]! } as never),
      );
    });
  });

  describe('the other commands', () => {
    const start = (sessionId: string) =>
      postJson(sessionUrl(sessionId, 'messages'), {
        messages: seedExampleMessages().map((message) => ({ ...message, sessionId })),
      });

    it('compacts: the boundary and its summary in one append', async () => {
      await start('compact-1');
      const boundary = {
        id: 'b1',
        sessionId: 'compact-1',
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'manual' },
      };
      const summary = {
        id: 'sum1',
        sessionId: 'compact-1',
        kind: 'compact_summary',
        role: 'user',
        content: 'Login fails in src/auth.ts; the file was read.',
        metadata: { summaryForBoundaryId: 'b1' },
      };
      expect(await postJson(sessionUrl('compact-1', 'compactions'), { boundary, summary })).toEqual(
        {
          status: 200,
          body: { sessionId: 'compact-1', revision: 7, position: anyNumber },
        },
      );
      const stream = await readSessionStream(store, 'compact-1');
      expect(stream.slice(6).map(({ type, data }) => ({ type, data }))).toEqual([
        { type: 'CompactBoundaryRecorded', data: { ...boundary, createdAt: anyString } },
        { type: 'CompactSummaryRecorded', data: { ...summary, createdAt: anyString } },
      ]);
    });

    it('prunes by policy, and a pruning that selects nothing appends nothing', async () => {
      await start('policy-1');
      const policy = { keepLastUserTurns: 0, minChars: 3 }; // m4's output, '...长文件...', has 9 characters
      expect((await postJson(sessionUrl('policy-1', 'prunings'), { policy })).body).toEqual({
        sessionId: 'policy-1',
        revision: 6,
        position: anyNumber,
      });
      expect((await postJson(sessionUrl('policy-1', 'prunings'), { policy })).body).toEqual({
        sessionId: 'policy-1',
        revision: 6,
        position: anyNumber,
      });
      const stream = await readSessionStream(store, 'policy-1');
      expect(stream.slice(6).map(({ type, data }) => ({ type, data }))).toEqual([
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 'policy-1',
            messageIds: ['m4'],
            compactedAt: anyString,
            reason: 'tool results older than the last 0 user turns and longer than 3 characters',
          },
        },
      ]);
    });

    it('hands off: a handoff_summary and an agent_switch_note, with ids a retry reproduces', async () => {
      await start('handoff-1');
      const body = {
        fromAgent: 'build',
        toAgent: 'review',
        summary: 'Please review the fix.',
        handoffId: 'h1',
      };
      const first = await postJson(sessionUrl('handoff-1', 'handoffs'), body);
      const retry = await postJson(sessionUrl('handoff-1', 'handoffs'), body);
      expect([first, retry]).toEqual([
        { status: 200, body: { sessionId: 'handoff-1', revision: 7, position: anyNumber } },
        first,
      ]);
      const stream = await readSessionStream(store, 'handoff-1');
      expect(stream.slice(6).map(({ type, data }) => ({ type, data }))).toEqual([
        {
          type: 'HandoffSummaryRecorded',
          data: {
            id: 'h1:summary',
            sessionId: 'handoff-1',
            kind: 'handoff_summary',
            role: 'user',
            createdAt: anyString,
            content: 'Please review the fix.',
            metadata: { agentName: 'build', source: 'runtime' },
          },
        },
        {
          type: 'AgentSwitchNoteRecorded',
          data: {
            id: 'h1:switch',
            sessionId: 'handoff-1',
            kind: 'agent_switch_note',
            role: 'system',
            createdAt: anyString,
            content: { type: 'agent-switch', fromAgent: 'build', toAgent: 'review' },
            metadata: { agentName: 'review', source: 'runtime' },
          },
        },
      ]);
    });

    it('records an AI SDK step; re-sending it (no stepId) records nothing twice', async () => {
      const step = {
        agentName: 'build',
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Reading the file.' },
              {
                type: 'tool-call',
                toolCallId: 'call_9',
                toolName: 'Read',
                input: { file_path: 'src/auth.ts' },
              },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_9',
                toolName: 'Read',
                output: { type: 'text', value: 'export function login() {}' },
              },
            ],
          },
        ],
      };
      const first = await postJson(sessionUrl('ai-sdk-1', 'ai-sdk-steps'), step);
      const retry = await postJson(sessionUrl('ai-sdk-1', 'ai-sdk-steps'), step);
      expect([first, retry]).toEqual([
        { status: 200, body: { sessionId: 'ai-sdk-1', revision: 4, position: anyNumber } },
        first,
      ]);
      const stream = await readSessionStream(store, 'ai-sdk-1');
      expect(
        stream.map(({ type, data }) => ({ type, kind: (data as { kind?: string }).kind })),
      ).toEqual([
        { type: 'SessionStarted', kind: undefined },
        { type: 'AssistantTextRecorded', kind: 'assistant_text' },
        { type: 'ToolCallRecorded', kind: 'tool_call' },
        { type: 'ToolResultRecorded', kind: 'tool_result' },
        { type: 'ModelCallRecorded', kind: undefined },
      ]);
      expect(stream[0]?.data).toEqual({
        sessionId: 'ai-sdk-1',
        startedAt: anyString,
        agentName: 'build',
      });
    });

    it('ends a session; later appends are refused with 422 SessionAlreadyEnded', async () => {
      await start('end-1');
      expect((await postJson(sessionUrl('end-1', 'end'), { reason: 'done' })).body).toEqual({
        sessionId: 'end-1',
        revision: 6,
        position: anyNumber,
      });
      const refused = await postJson(sessionUrl('end-1', 'messages'), {
        messages: [
          { id: 'late', sessionId: 'end-1', kind: 'user_input', role: 'user', content: 'hello?' },
        ],
      });
      expect(refused).toEqual({
        status: 422,
        body: {
          statusCode: 422,
          code: 'SessionAlreadyEnded',
          message:
            'Session "end-1" has ended; nothing more can be recorded in it. Start a new session.',
        },
      });
      expect((await readSessionStream(store, 'end-1')).length).toEqual(7);
    });
  });

  describe('health and docs', () => {
    it("GET /health reports the store's connectivity, and where the read models are", async () => {
      const { body: appended } = await postJson(`${server.url}/v1/sessions/health-1/messages`, {
        messages: [
          { id: 'm1', sessionId: 'health-1', kind: 'user_input', role: 'user', content: 'hi' },
        ],
      });
      const { position } = appended as { position: number };
      // Read once the read models have the append: then they are not behind.
      await getJson(`${server.url}/v1/sessions/health-1/transcript?minPosition=${position}`);
      expect(await getJson(`${server.url}/health`)).toEqual({
        status: 200,
        body: {
          status: 'ok',
          store: { kind, headPosition: position },
          storage: { status: 'ok', freeBytes: anyNumber },
          readModels: { position, behind: 0 },
          retention: { schedule: 'off' },
        },
      });
    });

    it('serves the OpenAPI document with every command route and /health, and Swagger UI at /docs', async () => {
      const document = await getJson(`${server.url}/docs/openapi.json`);
      const paths = (document.body as { paths: Record<string, Record<string, unknown>> }).paths;
      const commandRoutes = Object.keys(paths).filter(
        (route) => paths[route]?.['post'] !== undefined && route.startsWith('/v1/sessions/'),
      );
      expect([commandRoutes.sort(), paths['/health']?.['get'] !== undefined]).toEqual([
        [
          '/v1/sessions/{sessionId}/ai-sdk-steps',
          '/v1/sessions/{sessionId}/claude-code-entries',
          '/v1/sessions/{sessionId}/compactions',
          '/v1/sessions/{sessionId}/end',
          '/v1/sessions/{sessionId}/forks',
          '/v1/sessions/{sessionId}/handoffs',
          '/v1/sessions/{sessionId}/imports',
          '/v1/sessions/{sessionId}/messages',
          '/v1/sessions/{sessionId}/overflow-recoveries',
          '/v1/sessions/{sessionId}/prunings',
          '/v1/sessions/{sessionId}/rewinds',
        ],
        true,
      ]);
      const ui = await fetch(`${server.url}/docs`);
      const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
      expect([ui.status, (await ui.text()).includes('SwaggerUIBundle'), bundle.status]).toEqual([
        200,
        true,
        200,
      ]);
    });
  });

  describe('restart', () => {
    it('closes the store on SIGTERM, and a new process continues the session from the stored stream', async () => {
      const restartStore = await startTestStore(kind);
      const first = await startServer(restartStore.env);
      const url = (running: RunningServer) => `${running.url}/v1/sessions/restart-1/messages`;
      await postJson(url(first), {
        messages: seedExampleMessages().map((m) => ({ ...m, sessionId: 'restart-1' })),
      });
      await first.stop();
      expect(first.output()).toContain('Event store closed.');

      const second = await startServer(restartStore.env);
      try {
        const conflicting = await postJson(url(second), {
          messages: [
            {
              id: 'm5',
              sessionId: 'restart-1',
              kind: 'user_input',
              role: 'user',
              content: 'reused id',
            },
          ],
        });
        const next = await postJson(url(second), {
          expectedRevision: 5,
          messages: [
            {
              id: 'm6',
              sessionId: 'restart-1',
              kind: 'user_input',
              role: 'user',
              content: 'next turn',
            },
          ],
        });
        expect([conflicting.status, next]).toEqual([
          422,
          { status: 200, body: { sessionId: 'restart-1', revision: 6, position: anyNumber } },
        ]);
      } finally {
        await second.stop();
        await restartStore.close();
      }
    });
  });
});
