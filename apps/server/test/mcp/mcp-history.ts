import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** The six tools, by name: what every MCP test calls. */
export const TOOL_NAMES = [
  'compaction_dropped',
  'get_model_context',
  'get_transcript',
  'list_sessions',
  'search_history',
  'session_analytics',
];

/** A secret the views redact for a caller without `audit`. */
export const SECRET = 'AKIAIOSFODNN7EXAMPLE';

const message = (id: string, kind: string, role: string, content: unknown) => ({
  id,
  sessionId: 'mcp-1',
  kind,
  role,
  content,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/**
 * Records the session `mcp-1` over HTTP: a turn (a question naming `SECRET`, a tool call and its
 * result, an answer), a compaction (`b1`, summary `s1`), and a turn after it, and waits for the
 * read models to hold it.
 */
export async function recordHistory(url: string, headers: Record<string, string> = {}) {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}/v1/sessions/mcp-1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { position: number; revision: number };
  };
  await post('messages', {
    messages: [
      message('u1', 'user_input', 'user', `Why does login fail? My key is ${SECRET}`),
      message('c1', 'tool_call', 'assistant', [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'Read',
          input: { path: 'src/auth.ts' },
        },
      ]),
      message('r1', 'tool_result', 'tool', [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'Read',
          output: { type: 'text', value: 'export function login() {}' },
        },
      ]),
      message('a1', 'assistant_text', 'assistant', 'The token check is inverted.'),
    ],
  });
  await post('compactions', {
    boundary: message('b1', 'compact_boundary', 'system', {
      type: 'compact-boundary',
      trigger: 'manual',
    }),
    summary: {
      ...message(
        's1',
        'compact_summary',
        'user',
        'The user asked why login fails; the token check is inverted.',
      ),
      metadata: { summaryForBoundaryId: 'b1' },
    },
  });
  const last = await post('messages', {
    messages: [
      message('u2', 'user_input', 'user', 'Now fix it'),
      message('a2', 'assistant_text', 'assistant', 'Fixed.'),
    ],
  });
  // The tools read the read models: wait until they hold the last write.
  const read = await fetch(`${url}/v1/sessions/mcp-1/transcript?minPosition=${last.position}`, {
    headers,
  });
  expect(read.status).toBe(200);
  return last;
}

/** Calls a tool and parses its JSON text answer (`isError` kept beside it). */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; body: T }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  return { isError: result.isError === true, body: JSON.parse(content[0]?.text ?? 'null') as T };
}

interface Page {
  revision: number;
  entries: Array<{ id: string }>;
  nextCursor: string | null;
}

interface Context {
  messages: unknown[];
  diagnostics: { appliedCompactBoundaryId?: string };
}

/** Every tool called over `client` against `recordHistory`'s session, with what each must answer. */
export async function expectEveryTool(client: Client, options: { redacted: boolean }) {
  const tools = await client.listTools();
  expect(tools.tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);

  const sessions = await callTool<{ sessions: Array<{ sessionId: string }> }>(
    client,
    'list_sessions',
    {},
  );
  expect(sessions.body.sessions.map((session: { sessionId: string }) => session.sessionId)).toEqual(
    ['mcp-1'],
  );

  const transcript = await callTool<Page>(client, 'get_transcript', {
    sessionId: 'mcp-1',
    limit: 5,
  });
  expect(transcript.body.entries.map((entry: { id: string }) => entry.id)).toEqual([
    'u1',
    'c1',
    'r1',
    'a1',
    'b1',
  ]);
  expect(transcript.body.revision).toBe(8);
  const next = await callTool<Page>(client, 'get_transcript', {
    sessionId: 'mcp-1',
    cursor: transcript.body.nextCursor,
  });
  expect(next.body.entries.map((entry: { id: string }) => entry.id)).toEqual(['s1', 'u2', 'a2']);
  expect(JSON.stringify(transcript.body).includes(SECRET)).toBe(!options.redacted);

  const context = await callTool<Context>(client, 'get_model_context', { sessionId: 'mcp-1' });
  expect(context.body).toMatchObject({ sessionId: 'mcp-1', revision: 8 });
  expect(context.body.diagnostics.appliedCompactBoundaryId).toBe('b1');
  expect(JSON.stringify(context.body.messages)).not.toContain('Why does login fail');
  const before = await callTool<Context>(client, 'get_model_context', {
    sessionId: 'mcp-1',
    revision: 4,
  });
  expect(JSON.stringify(before.body.messages)).toContain('Why does login fail');
  expect(JSON.stringify(before.body).includes(SECRET)).toBe(!options.redacted);

  const dropped = await callTool<{ dropped: Array<{ messageId: string }> }>(
    client,
    'compaction_dropped',
    { sessionId: 'mcp-1' },
  );
  expect(dropped.body).toMatchObject({
    sessionId: 'mcp-1',
    revision: 8,
    boundaryId: 'b1',
    applied: true,
    compactions: [{ boundaryId: 'b1', applied: true }],
  });
  expect(dropped.body.dropped.map((entry: { messageId: string }) => entry.messageId)).toEqual([
    'u1',
    'c1',
    'r1',
    'a1',
  ]);
  const unknown = await callTool(client, 'compaction_dropped', {
    sessionId: 'mcp-1',
    boundaryId: 'b9',
  });
  expect(unknown).toEqual({
    isError: true,
    body: {
      code: 'UnknownCompaction',
      message:
        'No compaction "b9" on the session\'s current line; its compactions are "b1" (leave boundaryId out for the applied one).',
    },
  });

  const hits = await callTool<{
    results: Array<{ sessionId: string; messageId: string; revision: number }>;
  }>(client, 'search_history', { query: 'login kind:user_input' });
  expect(
    hits.body.results.map((hit: { sessionId: string; messageId: string; revision: number }) => [
      hit.sessionId,
      hit.messageId,
      hit.revision,
    ]),
  ).toEqual([['mcp-1', 'u1', 1]]);
  const bad = await callTool<{ code: string }>(client, 'search_history', {
    query: 'login AND (fail',
  });
  expect(bad.isError).toBe(true);
  expect(bad.body.code).toBe('InvalidSearchQuery');

  const analytics = await callTool(client, 'session_analytics', { sessionId: 'mcp-1' });
  expect(analytics.body).toMatchObject({
    sessionId: 'mcp-1',
    messages: { total: 8 },
  });

  const missing = await callTool(client, 'get_transcript', { sessionId: 'nope' });
  expect(missing).toMatchObject({ isError: true, body: { code: 'SessionNotFound' } });
}
