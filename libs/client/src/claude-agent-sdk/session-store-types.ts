/**
 * The Claude Agent SDK's `SessionStore` types (`@anthropic-ai/claude-agent-sdk`, `sdk.d.ts`),
 * restated structurally so that this adapter needs the SDK neither to compile nor to run: a store
 * typed by them is assignable to the SDK's `SessionStore`.
 */

/** A session transcript (`subpath` absent) or a sub-agent's (`subagents/agent-<id>`). */
export interface SessionKey {
  projectKey: string;
  sessionId: string;
  subpath?: string;
}

/** One line of a Claude Code JSONL transcript, opaque apart from `type` and `uuid`. */
export interface SessionStoreEntry {
  type: string;
  uuid?: string;
  timestamp?: string;
  [key: string]: unknown;
}

/** A session's summary, folded by the SDK's `foldSessionSummary`; `data` is the SDK's own. */
export interface SessionSummaryEntry {
  sessionId: string;
  mtime: number;
  data: Record<string, unknown>;
}

/** The SDK's `foldSessionSummary`. */
export type FoldSessionSummary = (
  previous: SessionSummaryEntry | undefined,
  key: SessionKey,
  entries: SessionStoreEntry[],
  options?: { mtime?: number },
) => SessionSummaryEntry;

/** The SDK's `SessionStore`, every optional method implemented. */
export interface ClaudeSessionStore {
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>>;
  listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]>;
  delete(key: SessionKey): Promise<void>;
  listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]>;
}
