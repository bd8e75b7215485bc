import { WrongExpectedRevisionError, type EventStore } from '@agent-ledger/event-store';
import { sessionKeyOf, sessionStreamName } from '@agent-ledger/events';
import {
  claudeCodeSourceOfEntries,
  importClaudeCode,
  newClaudeCodeEntries,
  type ClaudeCodeEntryBatch,
} from '@agent-ledger/interchange';
import type { JsonObject } from '@agent-ledger/messages';
import { runImportPlan, type ImportHistoryResult } from './run-import-plan';
import {
  OPEN_WRITER,
  type SessionCommandRunner,
  type SessionWriter,
} from './session-command-runner';

/** A batch of a Claude Agent SDK session's transcript entries to keep. */
export interface ClaudeCodeEntriesRequest {
  sessionId: string;
  projectKey: string;
  subpath?: string;
  entries: JsonObject[];
  subjectId?: string;
}

/** What keeping a batch did: the entries kept (retries left out) and what the mapping appended. */
export interface ClaudeCodeEntriesResult {
  kept: number;
  mapping: ImportHistoryResult;
}

const MAX_ATTEMPTS = 5;

/**
 * Keeps a batch of raw transcript entries in the session's stream (`ClaudeCodeEntriesRecorded`,
 * those already kept left out by `uuid`, appended at the revision they were read at, read again
 * on a race), then maps every kept entry through the Claude Code importer into the session's
 * runtime messages (and a sub-agent's session for each subpath), as an import of the same files
 * would: the raw entries and the runtime messages are one truth. The mapping runs after each
 * batch, even one that kept nothing: a retry after a crash between the two appends completes it.
 */
export async function recordClaudeCodeEntries(
  request: ClaudeCodeEntriesRequest,
  runner: SessionCommandRunner,
  store: EventStore,
  writer: SessionWriter = OPEN_WRITER,
): Promise<ClaudeCodeEntriesResult> {
  const { sessionId, projectKey, subpath, subjectId } = request;
  for (let attempt = 1; ; attempt += 1) {
    const { batches, revision } = await readClaudeCodeEntries(store, sessionId, writer);
    const kept = batches.filter((batch) => batch.subpath === subpath).flatMap((b) => b.entries);
    const entries = newClaudeCodeEntries(kept, request.entries);
    try {
      if (entries.length > 0) {
        await runner.run(
          {
            type: 'RecordClaudeCodeEntries',
            sessionId,
            projectKey,
            ...(subpath === undefined ? {} : { subpath }),
            ...(subjectId === undefined ? {} : { subjectId }),
            entries,
          },
          revision,
          writer,
        );
      }
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    const all = [
      ...batches,
      ...(entries.length === 0 ? [] : [{ ...(subpath === undefined ? {} : { subpath }), entries }]),
    ];
    const plan = importClaudeCode(claudeCodeSourceOfEntries(sessionId, all), { sessionId });
    const mapping = await runImportPlan(plan, runner, store, writer, subjectId);
    return { kept: entries.length, mapping };
  }
}

/** A session's kept entries, in order, with the stream's revision (-1: no stream). */
export async function readClaudeCodeEntries(
  store: EventStore,
  sessionId: string,
  writer: SessionWriter = OPEN_WRITER,
): Promise<{ batches: ClaudeCodeEntryBatch[]; revision: number; projectKey?: string }> {
  const stream = sessionStreamName(sessionKeyOf(writer.tenant, sessionId));
  const revision = await store.getStreamRevision(stream);
  if (revision === undefined) return { batches: [], revision: -1 };
  const batches: ClaudeCodeEntryBatch[] = [];
  let projectKey: string | undefined;
  for await (const recorded of store.readStream(stream, { types: ['ClaudeCodeEntriesRecorded'] })) {
    const data = recorded.data as {
      projectKey?: unknown;
      subpath?: unknown;
      entries?: unknown;
    };
    if (!Array.isArray(data.entries)) continue;
    if (typeof data.projectKey === 'string') projectKey ??= data.projectKey;
    batches.push({
      ...(typeof data.subpath === 'string' ? { subpath: data.subpath } : {}),
      entries: data.entries as JsonObject[],
    });
  }
  return projectKey === undefined ? { batches, revision } : { batches, revision, projectKey };
}
