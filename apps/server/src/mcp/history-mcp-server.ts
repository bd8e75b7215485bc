import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DebugEntry } from '@agent-ledger/client';
import type { Caller } from '../access/caller';
import { compactionDropped } from './compaction-dropped';
import type { HistoryQueries } from './history-queries';

const sessionId = z.string().min(1).describe('The session id, as list_sessions names it.');
const cursor = z.string().optional().describe('nextCursor of the previous page.');
const limit = (max: number) =>
  z.number().int().min(1).max(max).optional().describe(`Entries per page (at most ${max}).`);

/**
 * The history over MCP: six read-only tools over the same queries as the HTTP routes
 * (`HistoryQueries`), for one caller (its tenant, its scopes, its redaction). Each answer is JSON
 * text naming sessions, message ids and revisions so that an agent can cite them; a domain error
 * (an unknown session, a bad search query, a missing scope) is a tool error with its `code`.
 */
export function createHistoryMcpServer(
  queries: HistoryQueries,
  caller: Caller,
  version: string,
): McpServer {
  const server = new McpServer({ name: 'agent-ledger', version });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'search_history',
    {
      description:
        'Full-text search over every recorded message of the sessions (what the model no longer sees included). `query` is in the ledger\'s search language: words, "quoted phrases", OR, -excluded, field:value filters (kind:, role:, agent:, tool:, session:). Hits name the session, the message id and its revision.',
      inputSchema: {
        query: z.string().min(1).describe('The search, in the search language.'),
        sessionId: sessionId.optional().describe('Only this session.'),
        from: z.string().optional().describe('Recorded at or after this ISO-8601 time.'),
        to: z.string().optional().describe('Recorded before this ISO-8601 time.'),
        cursor,
        limit: limit(100),
      },
      annotations: readOnly,
    },
    (input) =>
      answer(() =>
        queries.search(caller, {
          q: input.query,
          ...defined({
            sessionId: input.sessionId,
            from: input.from,
            to: input.to,
            cursor: input.cursor,
            limit: input.limit,
          }),
        }),
      ),
  );

  server.registerTool(
    'list_sessions',
    {
      description:
        'The sessions, most recent activity first: id, revision, message counts, agents, times, forks.',
      inputSchema: { cursor, limit: limit(500) },
      annotations: readOnly,
    },
    (input) =>
      answer(() =>
        queries.listSessions(caller, defined({ cursor: input.cursor, limit: input.limit })),
      ),
  );

  server.registerTool(
    'get_transcript',
    {
      description:
        "A session's transcript, page by page: every message for people, in log order, with its id, kind, role, agent and time; a message a rewind undid is marked rewound.",
      inputSchema: { sessionId, cursor, limit: limit(1000) },
      annotations: readOnly,
    },
    (input) =>
      answer(() =>
        queries.transcript(
          caller,
          input.sessionId,
          defined({ cursor: input.cursor, limit: input.limit }),
        ),
      ),
  );

  server.registerTool(
    'get_model_context',
    {
      description:
        "What the model sees of a session: the model view computed by replaying the log, now, at a past revision, or as it was for the session's model call N. Diagnostics say what was hidden, truncated and repaired, with message ids.",
      inputSchema: {
        sessionId,
        revision: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('As of this revision of the session.'),
        call: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe("The context of the session's model call N (1-based); not with revision."),
        format: z
          .enum(['model', 'ai-sdk', 'compact'])
          .optional()
          .describe('model (default: runtime semantics, source message ids), ai-sdk, or compact.'),
      },
      annotations: readOnly,
    },
    (input) =>
      answer(() =>
        queries.modelContext(caller, input.sessionId, {
          format: input.format ?? 'model',
          ...defined({ atRevision: input.revision, call: input.call }),
        }),
      ),
  );

  server.registerTool(
    'compaction_dropped',
    {
      description:
        "Which messages a compaction took out of the model's view (they stay in the transcript and search): by default the applied (latest) compaction, or the one of boundaryId. Lists the session's compactions too.",
      inputSchema: {
        sessionId,
        boundaryId: z.string().min(1).optional().describe('The compact_boundary message id.'),
      },
      annotations: readOnly,
    },
    (input) =>
      answer(async () => {
        const entries = await debugEntries(queries, caller, input.sessionId);
        return {
          sessionId: input.sessionId,
          revision: entries.revision,
          ...compactionDropped(entries.messages, input.boundaryId),
        };
      }),
  );

  server.registerTool(
    'session_analytics',
    {
      description:
        "One session's figures: turns, messages by kind, model calls, tokens, tools, prunings, compactions, hand-offs.",
      inputSchema: { sessionId },
      annotations: readOnly,
    },
    (input) => answer(() => queries.sessionAnalytics(caller, input.sessionId)),
  );

  return server;
}

async function debugEntries(
  queries: HistoryQueries,
  caller: Caller,
  session: string,
): Promise<{ revision: number; messages: DebugEntry[] }> {
  const messages: DebugEntry[] = [];
  let next: string | undefined;
  let revision: number;
  do {
    const page = await queries.debug(caller, session, { cursor: next, limit: 1000 });
    revision = page.revision;
    messages.push(...page.messages);
    next = page.nextCursor ?? undefined;
  } while (next !== undefined);
  return { revision, messages };
}

/** The answer as JSON text, or a domain error (one with a `code`) as a tool error. */
async function answer(read: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return { content: [{ type: 'text', text: JSON.stringify(await read(), null, 2) }] };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (!(error instanceof Error) || typeof code !== 'string') throw error;
    return {
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ code, message: error.message }) }],
    };
  }
}

/** The object without its `undefined` members. */
function defined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
