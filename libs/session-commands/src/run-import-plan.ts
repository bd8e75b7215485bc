import type { BlobStore } from '@agent-ledger/blobs';
import type { EventStore } from '@agent-ledger/event-store';
import { sessionKeyOf, sessionStreamName } from '@agent-ledger/events';
import type { ImportPlan, ImportReport } from '@agent-ledger/interchange';
import type { SessionCommand } from '@agent-ledger/sessions';
import {
  OPEN_WRITER,
  type SessionCommandRunner,
  type SessionWriter,
} from './session-command-runner';
import { storeCommandOutputs } from './store-command-outputs';
import type { LargeOutputStorage } from './store-large-outputs';

/**
 * Where an import keeps the large tool outputs of the sessions it writes: the blob store of the
 * server (or of the CLI's `DATA_DIR`) and the append's threshold (`BLOB_THRESHOLD_BYTES`).
 */
export interface ImportBlobStorage {
  blobs: BlobStore;
  thresholdBytes: number;
}

/** Where each imported session's stream is now, and what the import did. */
export interface ImportHistoryResult {
  sessions: Array<{
    sessionId: string;
    parent?: { sessionId: string; toolCallId?: string };
    /** Events this import appended (0 when the same source was imported before). */
    appended: number;
    revision: number;
    position: number;
  }>;
  report: ImportReport;
}

/**
 * Runs an import plan through the write side: each session's commands, in order, through the
 * same runner (decider, expected revision, deterministic event ids) as every other command, so
 * a second import of the same source appends nothing. A command the decider refuses stops the
 * import with its error; what was appended stays, and importing again completes it.
 *
 * `subjectId` names the data subject of every session the import writes (its sub-agents' too:
 * they hold the same conversation), recorded by each one's first append.
 *
 * With `blobStorage`, each command's tool outputs above its threshold are stored as blobs first,
 * as an append's are (`storeLargeOutputs`): a file the source read ten times is stored once per
 * tenant, and the events hold its reference.
 */
export async function runImportPlan(
  plan: ImportPlan,
  runner: SessionCommandRunner,
  store: EventStore,
  writer: SessionWriter = OPEN_WRITER,
  subjectId?: string,
  blobStorage?: ImportBlobStorage,
): Promise<ImportHistoryResult> {
  const sessions: ImportHistoryResult['sessions'] = [];
  for (const session of plan.sessions) {
    const sessionKey = sessionKeyOf(writer.tenant, session.sessionId);
    const stream = sessionStreamName(sessionKey);
    const before = (await store.getStreamRevision(stream)) ?? -1;
    let result = { revision: before, position: -1 };
    const storage: LargeOutputStorage | undefined =
      blobStorage === undefined ? undefined : { ...blobStorage, tenant: writer.tenant, sessionKey };
    for (const command of session.commands) {
      const stored = storage === undefined ? command : await storeCommandOutputs(command, storage);
      result = await runner.run(withSubject(stored, subjectId), undefined, writer);
    }
    sessions.push({
      sessionId: session.sessionId,
      ...(session.parent === undefined ? {} : { parent: session.parent }),
      appended: result.revision - before,
      revision: result.revision,
      position: result.position,
    });
  }
  return { sessions, report: plan.report };
}

/** `command` naming `subjectId`, when it is one that may start a session. */
function withSubject(command: SessionCommand, subjectId: string | undefined): SessionCommand {
  if (subjectId === undefined) return command;
  if (command.type === 'AppendMessages' || command.type === 'RecordModelCall') {
    return { ...command, subjectId };
  }
  return command;
}
