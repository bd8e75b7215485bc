import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { collect, createLedgerClient, type ImportHistoryRequest } from '@agent-ledger/client';
import { startServer, type RunningServer } from '../../test/testing/start-server';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
}
interface OperationObject {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
}

/**
 * The OpenAPI document says everything: every route has a response schema (no `{}`), request
 * bodies reference the runtime messages of `event-schemas/`, and the real answers of the running
 * server to a session's commands and queries validate against it.
 */
describe('the OpenAPI document', () => {
  let server: RunningServer | undefined;
  let document: OpenApiDocument;
  let ajv: Ajv2020;

  beforeAll(async () => {
    server = await startServer();
    document = (await (await fetch(`${server.url}/docs/openapi.json`)).json()) as OpenApiDocument;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: document.components });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  const validatorOf = (path: string, method: string): ValidateFunction => {
    const responses = document.paths[path]?.[method]?.responses;
    const schema = (responses?.['200'] ?? responses?.['201'])?.content?.['application/json']
      ?.schema;
    if (schema === undefined)
      throw new Error(`${method.toUpperCase()} ${path} has no 200 (or 201) JSON schema`);
    const rewritten = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components', '"openapi#/components'),
    ) as object;
    return ajv.compile(rewritten);
  };
  const expectValid = (path: string, method: string, body: unknown) => {
    const validate = validatorOf(path, method);
    validate(body);
    expect({ route: `${method} ${path}`, errors: validate.errors ?? [] }).toEqual({
      route: `${method} ${path}`,
      errors: [],
    });
  };

  it('is OpenAPI 3.1 with a described 200 (or 201, for what a route creates) answer for every route', () => {
    expect(document.openapi).toBe('3.1.0');
    const undescribed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const content = (operation.responses['200'] ?? operation.responses['201'])?.content ?? {};
        const schemas = Object.values(content).map((media) => JSON.stringify(media.schema ?? {}));
        return schemas.length === 0 || schemas.includes('{}') ? [`${method} ${path}`] : [];
      }),
    );
    expect(undescribed.filter((route) => !route.includes('/docs'))).toEqual([]);
  });

  it('passes the Redocly linter’s recommended rules', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(__dirname, 'lint-openapi-document.mjs'),
      file,
    ]);
    const problems = JSON.parse(stdout) as Array<{ ruleId: string; location: string[] }>;
    // GET /health (and /health/live, /health/ready) has no client error to answer; RuntimeMessage
    // is published for other languages' clients (the events' message), though no route answers it whole.
    const accepted = [
      'operation-4xx-response #/paths/~1health/get/responses',
      'operation-4xx-response #/paths/~1health~1live/get/responses',
      'operation-4xx-response #/paths/~1health~1ready/get/responses',
      'no-unused-components #/components/schemas/RuntimeMessage',
    ];
    expect(
      problems
        .map((problem) => `${problem.ruleId} ${problem.location[0] ?? ''}`)
        .filter((problem) => !accepted.includes(problem)),
    ).toEqual([]);
  }, 60_000);

  it('describes the runtime messages of request bodies by the event schemas', () => {
    const body = JSON.stringify(document.components.schemas['AppendMessagesDto']);
    expect(body).toContain('#/components/schemas/RuntimeMessageInput');
    expect(JSON.stringify(document.components.schemas['CompactSessionDto'])).toContain(
      'CompactBoundaryMessageInput',
    );
    const validate = ajv.compile({ $ref: 'openapi#/components/schemas/RuntimeMessageInput' });
    expect(
      validate({ id: 'm1', sessionId: 's1', kind: 'user_input', role: 'user', content: 'Hi' }),
    ).toBe(true);
    expect(
      validate({ id: 'm1', sessionId: 's1', kind: 'user_input', role: 'tool', content: 'Hi' }),
    ).toBe(false);
  });

  it('validates the real answers of a session’s commands and queries', async () => {
    const ledger = createLedgerClient({ baseUrl: server!.url });
    const session = ledger.session('openapi');
    const appended = await session.append([
      { id: 'm1', role: 'system', kind: 'system_note', content: 'Be terse.' },
      { id: 'm2', role: 'user', kind: 'user_input', content: 'Read a.ts' },
      {
        id: 'm3',
        role: 'assistant',
        kind: 'tool_call',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { path: 'a.ts' } },
        ],
      },
      {
        id: 'm4',
        role: 'tool',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'Read',
            output: { type: 'text', value: 'x'.repeat(3000) },
          },
        ],
      },
      { id: 'm5', role: 'assistant', kind: 'assistant_text', content: 'Done.' },
    ]);
    expectValid('/v1/sessions/{sessionId}/messages', 'post', appended);
    expectValid(
      '/v1/sessions/{sessionId}/prunings',
      'post',
      await session.prune({ messageIds: ['m4'] }),
    );
    const minPosition = session.position;
    const base = '/v1/sessions/{sessionId}';
    expectValid('/v1/sessions', 'get', await ledger.listSessions({ minPosition }));
    expectValid(
      `${base}/transcript`,
      'get',
      await ledger.transcriptPage('openapi', { minPosition }),
    );
    expectValid(
      `${base}/transcript/{messageId}`,
      'get',
      await ledger.transcriptEntry('openapi', 'm4', minPosition),
    );
    expectValid(`${base}/debug`, 'get', await ledger.debugPage('openapi', { minPosition }));
    expectValid(`${base}/export`, 'get', await ledger.export('openapi', minPosition));
    for (const format of [
      'model',
      'ai-sdk',
      'ai-sdk-prompt',
      'compact',
      'compact-prompt',
    ] as const) {
      expectValid(`${base}/model-context`, 'get', await ledger.modelContext('openapi', { format }));
    }
    expectValid(`${base}/events`, 'get', await ledger.eventsPage('openapi'));
    expect((await collect(ledger.events('openapi'))).length).toBe(7);

    // The lifecycle: a fork with its lineage, a rewind, the rewound entries marked.
    const fork = await session.fork({ sessionId: 'openapi-fork', atRevision: 3 });
    expectValid(`${base}/forks`, 'post', fork);
    expect(fork.forkedFrom).toEqual({ sessionId: 'openapi', revision: 3 });
    expectValid(base, 'get', await ledger.getSession('openapi-fork'));
    expect((await session.get()).forkedFrom).toBeUndefined();
    const rewound = await session.rewind({ toMessageId: 'm3' });
    expectValid(`${base}/rewinds`, 'post', rewound);
    expect(rewound).toMatchObject({ toRevision: 3, rewoundMessageIds: ['m4', 'm5'] });
    const page = await ledger.transcriptPage('openapi', { minPosition: rewound.position });
    expectValid(`${base}/transcript`, 'get', page);
    expect(page.entries.filter((entry) => entry.rewound === true).map((entry) => entry.id)).toEqual(
      ['m4', 'm5'],
    );
    const forkContext = await ledger.modelContext('openapi-fork', { format: 'ai-sdk' });
    const rewoundContext = await ledger.modelContext('openapi', { format: 'ai-sdk' });
    expect(forkContext.messages).toEqual(rewoundContext.messages);
  });

  it('validates the real answers of imports, interchange exports, search, analytics and call=N', async () => {
    const ledger = createLedgerClient({ baseUrl: server!.url });
    const source: ImportHistoryRequest = {
      format: 'model-messages',
      data: [
        { role: 'user', content: 'Where is the retry policy?' },
        { role: 'assistant', content: 'In backoff.ts.' },
      ],
    };
    const imported = await ledger.importHistory('imported', source);
    expectValid('/v1/sessions/{sessionId}/imports', 'post', imported);
    const again = await ledger.importHistory('imported', source);
    expect(again.sessions).toEqual(imported.sessions.map((row) => ({ ...row, appended: 0 })));
    expect(imported.sessions[0]?.appended).toBeGreaterThan(0);
    await ledger.appendMessages('called', {
      messages: [
        { id: 'u1', sessionId: 'called', kind: 'user_input', role: 'user', content: 'Say hi' },
      ],
    });
    const step = await ledger.recordAiSdkStep('called', {
      messages: [{ role: 'assistant', content: 'Hi' }],
      generationId: 'g1',
      stepNumber: 0,
      provider: 'anthropic.messages',
      modelId: 'claude-test',
      responseId: 'r1',
      finishReason: 'stop',
      usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 },
      contextRevision: 0,
    });
    const minPosition = step.position;
    const base = '/v1/sessions/{sessionId}';
    expectValid(`${base}/export`, 'get', await ledger.exportOtelGenAi('called', minPosition));
    const ui = await ledger.exportUiMessages('called', minPosition);
    expectValid(`${base}/export`, 'get', ui);
    expect(ui.messages.map(({ role }) => role)).toEqual(['user', 'assistant']);
    expect((await ledger.exportJsonl('called', minPosition)).trim().split('\n').length).toBe(2);
    const context = await ledger.modelContext('called', { call: 1, format: 'ai-sdk' });
    expectValid(`${base}/model-context`, 'get', context);
    expect(context.modelCall?.callNumber).toBe(1);

    await ledger.listSessions({ minPosition }); // the search view is a read model: wait for it
    const searched = await ledger.searchPage({ q: 'retry' });
    expectValid('/v1/search', 'get', searched);
    expect(
      searched.results.map(({ sessionId, messageId }) => [sessionId, messageId.length > 0]),
    ).toEqual([['imported', true]]);
    expectValid(`${base}/search`, 'get', await ledger.searchPage({ q: 'hi' }, 'called'));
    expectValid(`${base}/analytics`, 'get', await ledger.sessionAnalytics('called', minPosition));
    const analytics = await ledger.analytics({ groupBy: 'model' });
    expectValid('/v1/analytics', 'get', analytics);
    expect(analytics.groups.map(({ key }) => key)).toContain('anthropic.messages/claude-test');
  }, 60_000);
});
