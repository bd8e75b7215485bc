import type { ClaudeCodeEntries } from '../contract/interchange';
import { createLedgerClient, type LedgerClient } from '../create-ledger-client';
import { isLedgerError } from '../ledger-error';
import type { LedgerClientOptions } from '../transport';
import { ledgerSessionIdOf, projectPrefixOf, subpathSessionIdOf } from './ledger-session-id-of';
import type {
  ClaudeSessionStore,
  FoldSessionSummary,
  SessionKey,
  SessionSummaryEntry,
} from './session-store-types';

/** How `createClaudeSessionStore` reaches the ledger, and what it keeps apart. */
export type ClaudeSessionStoreOptions = LedgerClientOptions & {
  /**
   * Put before every ledger session id this store writes (`<prefix>cc-<project digest>-<id>`):
   * stores with other prefixes on one server never see each other's sessions. Default: none.
   */
  prefix?: string;
  /**
   * The SDK's `foldSessionSummary`, for `listSessionSummaries`. Default: imported from
   * `@anthropic-ai/claude-agent-sdk` (an optional peer dependency) the first time it is needed.
   */
  foldSessionSummary?: FoldSessionSummary;
};

/**
 * The Claude Agent SDK's `SessionStore` on the ledger: pass it as `sessionStore` to `query()`,
 * `listSessions`, `getSessionMessages`, `forkSession` and `deleteSession`. Each SDK session is a
 * ledger session (`<prefix>cc-<project digest>-<sessionId>`) whose stream keeps the raw entries
 * verbatim, in append order (`uuid` the idempotency key), and records the runtime messages the
 * Claude Code importer maps them to as they arrive, so transcript, search, analytics, model
 * context and the inspector show it like any other. A sub-agent's transcript (`subpath`) is kept
 * in its parent's stream and its messages are a session of their own, linked to the parent's
 * `Task` call. `delete` erases the session and its sub-agents' (the ledger's erasure).
 *
 * `listSessions` reads the ledger's session list (newest activity first) and keeps those of the
 * project: it pages through the tenant's sessions, which is fine for thousands, not millions.
 * `listSessionSummaries` folds each listed session's entries with the SDK's `foldSessionSummary`.
 */
export function createClaudeSessionStore(
  options:
    | ClaudeSessionStoreOptions
    | { client: LedgerClient; prefix?: string; foldSessionSummary?: FoldSessionSummary },
): ClaudeSessionStore {
  const prefix = options.prefix ?? '';
  const client = 'client' in options ? options.client : createLedgerClient(options);
  let fold: Promise<FoldSessionSummary> | undefined =
    options.foldSessionSummary === undefined
      ? undefined
      : Promise.resolve(options.foldSessionSummary);

  const readEntries = async (key: SessionKey): Promise<ClaudeCodeEntries | null> => {
    try {
      return await client.claudeCodeEntries(ledgerSessionIdOf(prefix, key), key.subpath);
    } catch (error) {
      if (isLedgerError(error) && error.status === 404) return null;
      throw error;
    }
  };

  const listSessions = async (projectKey: string) => {
    const start = projectPrefixOf(prefix, projectKey);
    const found: Array<{ sessionId: string; mtime: number }> = [];
    for await (const summary of client.sessions({ limit: 500 })) {
      if (!summary.sessionId.startsWith(start)) continue;
      const sessionId = summary.sessionId.slice(start.length);
      // A sub-agent's session (`<id>.agent-<agentId>`) is a subkey of its parent, not a session.
      if (sessionId.includes('.agent-')) continue;
      found.push({ sessionId, mtime: Math.floor(Date.parse(summary.lastActivityAt)) });
    }
    return found;
  };

  return {
    async append(key, entries) {
      if (entries.length === 0) return;
      await client.recordClaudeCodeEntries(ledgerSessionIdOf(prefix, key), {
        projectKey: key.projectKey,
        ...(key.subpath === undefined ? {} : { subpath: key.subpath }),
        entries,
      });
    },
    async load(key) {
      return (await readEntries(key))?.entries ?? null;
    },
    listSessions,
    async listSessionSummaries(projectKey) {
      fold ??= importFoldSessionSummary();
      const foldSummary = await fold;
      const summaries: SessionSummaryEntry[] = [];
      for (const { sessionId, mtime } of await listSessions(projectKey)) {
        const key = { projectKey, sessionId };
        const answer = await readEntries(key);
        if (answer === null) continue;
        summaries.push(foldSummary(undefined, key, answer.entries, { mtime }));
      }
      return summaries;
    },
    async delete(key) {
      const ledgerSessionId = ledgerSessionIdOf(prefix, key);
      const sessions =
        key.subpath === undefined
          ? [
              ledgerSessionId,
              ...((await readEntries(key))?.subpaths ?? []).map((subpath) =>
                subpathSessionIdOf(ledgerSessionId, subpath),
              ),
            ]
          : [subpathSessionIdOf(ledgerSessionId, key.subpath)];
      // Sub-agents first: the parent's stream, which keeps their raw entries, goes last.
      for (const sessionId of sessions.reverse()) {
        try {
          await client.eraseSession(sessionId);
        } catch (error) {
          if (!(isLedgerError(error) && error.status === 404)) throw error;
        }
      }
    },
    async listSubkeys(key) {
      return (await readEntries(key))?.subpaths ?? [];
    },
  };
}

/**
 * The SDK's `foldSessionSummary`, imported at run time, only when a summary is asked for: the SDK
 * is an optional peer dependency. It is an ES module: a build that turns this `import()` into a
 * `require` still loads it on Node >= 20.19 (`require` of an ES module).
 */
async function importFoldSessionSummary(): Promise<FoldSessionSummary> {
  // A specifier in a variable: the SDK's types are not needed to compile this package.
  const specifier: string = '@anthropic-ai/claude-agent-sdk';
  const sdk = (await import(specifier)) as { foldSessionSummary: FoldSessionSummary };
  return sdk.foldSessionSummary;
}
