import { startServer, type RunningServer } from './testing/start-server';

/**
 * Keys that name `Object.prototype` members (`constructor`, `valueOf`, `toString`,
 * `hasOwnProperty`) are ordinary JSON keys in what a runtime records: a tool's input, metadata,
 * a compaction's content, an AI SDK step's provider metadata. They are stored and served as sent.
 */
describe('JSON keys named like Object.prototype members', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const answer = await fetch(`${server.url}/v1/sessions/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };
  const eventsOf = async (sessionId: string): Promise<unknown[]> => {
    const answer = await fetch(`${server.url}/v1/sessions/${sessionId}/events`);
    return ((await answer.json()) as { events: Array<{ data: unknown }> }).events.map(
      (event) => event.data,
    );
  };
  const awkward = {
    constructor: 'Foo',
    valueOf: 2,
    toString: 'three',
    hasOwnProperty: { isPrototypeOf: [1, { propertyIsEnumerable: true }] },
    path: 'src/a.ts',
  };

  it('keeps them in appended messages: tool input, metadata, nested values', async () => {
    const call = {
      id: 'c1',
      sessionId: 'k1',
      createdAt: '2026-12-01T10:00:00.000Z',
      kind: 'tool_call',
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'Write', input: awkward }],
      metadata: { extra: { ...awkward } },
    };
    const { position } = await post('k1/messages', { messages: [call] });
    const [, recorded] = await eventsOf('k1');
    expect(recorded).toEqual(call);
    // The read models and the model view see what was recorded.
    const transcript = await fetch(
      `${server.url}/v1/sessions/k1/transcript?minPosition=${String(position)}`,
    ).then((answer) => answer.text());
    expect(transcript).toContain('"constructor":"Foo"');
    const context = await fetch(`${server.url}/v1/sessions/k1/model-context?format=ai-sdk`).then(
      (answer) => answer.json() as Promise<{ messages: Array<{ content: unknown }> }>,
    );
    expect(JSON.stringify(context.messages)).toContain(JSON.stringify(awkward));
  });

  it('keeps them in a compaction and in an AI SDK step', async () => {
    await post('k2/messages', {
      messages: [
        {
          id: 'u1',
          sessionId: 'k2',
          kind: 'user_input',
          role: 'user',
          createdAt: '2026-12-01T10:00:00.000Z',
          content: 'Go.',
        },
      ],
    });
    await post('k2/compactions', {
      boundary: {
        id: 'b1',
        sessionId: 'k2',
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'auto' },
        metadata: { extra: awkward },
      },
      summary: {
        id: 'sum1',
        sessionId: 'k2',
        kind: 'compact_summary',
        role: 'user',
        content: 'Summary.',
        metadata: { summaryForBoundaryId: 'b1', extra: awkward },
      },
    });
    const compacted = await eventsOf('k2');
    expect(JSON.stringify(compacted).split(JSON.stringify(awkward))).toHaveLength(3);

    await post('k3/ai-sdk-steps', {
      generationId: 'g1',
      stepNumber: 0,
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'Write', input: awkward }],
        },
      ],
      providerMetadata: { vendor: awkward },
    });
    const stepped = JSON.stringify(await eventsOf('k3'));
    expect(stepped.split(JSON.stringify(awkward)).length).toBeGreaterThanOrEqual(3);
  });
});
