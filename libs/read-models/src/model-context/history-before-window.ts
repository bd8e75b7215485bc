import type { EventStore } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { parseLoggedEvent } from './parse-logged-event';
import type { SessionLogEvent } from '../runner/session-log-event';

/**
 * What a model window needs to know of the history before its boundary, found by one pass over
 * it: the system notes (they carry over a compaction), and where results and pruning marks are,
 * so that a call of the window whose result was recorded before the boundary (a log not written
 * through the decider) meets its result without the window reading the history back again.
 */
export interface HistoryBeforeWindow {
  /** `SystemNoteRecorded` events before the boundary, in log order. */
  systemNotes: SessionLogEvent[];
  /** Revisions of the `ToolResultRecorded` events before the boundary answering this call id. */
  resultRevisions(toolCallId: string): number[];
  /** Revisions of the `ToolResultsPruned` events before the boundary naming this message id. */
  pruningRevisions(messageId: string): number[];
  /** Stored events this call read (0 when the history was read before). */
  eventsRead: number;
}

/** A session's history read so far: what was found, and through which revision. */
interface ScannedHistory {
  systemNotes: SessionLogEvent[];
  results: Map<string, number[]>;
  prunings: Map<string, number[]>;
  /** Every revision up to this one (inclusive) has been read. */
  readThrough: number;
}

/** Sessions whose scanned history is kept, per store (least recently used first out). */
const MAX_SESSIONS = 256;
const scansByStore = new WeakMap<EventStore, Map<string, ScannedHistory>>();

/**
 * The history of a session before `beforeRevision` (its applied boundary), as a model window
 * needs it. The log is append-only, so what was read once stays true: the scan is kept in memory
 * per session with the revision it read through, and a later request reads only the events after
 * it. The first request for a session in a process reads the history once; later ones read
 * nothing before the boundary, whatever the window holds.
 */
export async function readHistoryBeforeWindow(
  store: EventStore,
  sessionId: string,
  beforeRevision: number,
): Promise<HistoryBeforeWindow> {
  const scans = scansOf(store);
  const scanned: ScannedHistory = scans.get(sessionId) ?? {
    systemNotes: [],
    results: new Map(),
    prunings: new Map(),
    readThrough: -1,
  };
  scans.delete(sessionId);
  let eventsRead = 0;
  if (scanned.readThrough < beforeRevision - 1) {
    const from = scanned.readThrough + 1;
    for await (const recorded of store.readStream(sessionStreamName(sessionId), {
      fromRevision: from,
      maxCount: beforeRevision - from,
    })) {
      eventsRead += 1;
      scanned.readThrough = recorded.revision;
      if (!INDEXED_TYPES.has(recorded.type)) continue;
      const parsed = parseLoggedEvent(recorded);
      if (parsed.ok) note(scanned, parsed.event);
    }
  }
  scans.set(sessionId, scanned);
  if (scans.size > MAX_SESSIONS) {
    const oldest = scans.keys().next().value;
    if (oldest !== undefined) scans.delete(oldest);
  }
  const before = (revisions: number[] | undefined) =>
    (revisions ?? []).filter((revision) => revision < beforeRevision);
  return {
    systemNotes: scanned.systemNotes.filter((logged) => logged.revision < beforeRevision),
    resultRevisions: (toolCallId) => before(scanned.results.get(toolCallId)),
    pruningRevisions: (messageId) => before(scanned.prunings.get(messageId)),
    eventsRead,
  };
}

const INDEXED_TYPES = new Set(['SystemNoteRecorded', 'ToolResultRecorded', 'ToolResultsPruned']);

function note(scanned: ScannedHistory, logged: SessionLogEvent): void {
  const { event, revision } = logged;
  if (event.type === 'SystemNoteRecorded') scanned.systemNotes.push(logged);
  else if (event.type === 'ToolResultRecorded') {
    for (const part of event.data.content) add(scanned.results, part.toolCallId, revision);
  } else if (event.type === 'ToolResultsPruned') {
    for (const messageId of event.data.messageIds) add(scanned.prunings, messageId, revision);
  }
}

function add(index: Map<string, number[]>, key: string, revision: number): void {
  const revisions = index.get(key);
  if (revisions === undefined) index.set(key, [revision]);
  else if (revisions.at(-1) !== revision) revisions.push(revision);
}

function scansOf(store: EventStore): Map<string, ScannedHistory> {
  const existing = scansByStore.get(store);
  if (existing !== undefined) return existing;
  const created = new Map<string, ScannedHistory>();
  scansByStore.set(store, created);
  return created;
}
