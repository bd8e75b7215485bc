import type { RecordedEvent } from '@agent-ledger/event-store';
import { sessionStreamName, type SessionLogEvent } from '@agent-ledger/events';
import { parseLoggedEvent } from './parse-logged-event';
import { SessionLogCache } from './session-log-cache';
import type { SessionLog } from './session-log';

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
  /** Stored events this call read, of the few types it looks at (0 when it read none). */
  eventsRead: number;
}

/** A session's history read so far: what was found, and through which event. */
interface ScannedHistory {
  systemNotes: SessionLogEvent[];
  results: Map<string, number[]>;
  prunings: Map<string, number[]>;
  /** The last revision the scan covers (-1: none). */
  readThrough: number;
  /**
   * An event the session log cache held before the scan read the store: the scan is of the same
   * stream, and so good, while the cache still holds that very object.
   */
  anchor: RecordedEvent | undefined;
  /** Revisions of the rewinds read: a scan past one does not answer a view before it (another line). */
  rewinds: number[];
}

/** What the scan looks at; the store skips the rest (`ReadStreamOptions.types`). */
const INDEXED_TYPES: readonly string[] = [
  'SystemNoteRecorded',
  'ToolResultRecorded',
  'ToolResultsPruned',
  'SessionRewound',
];

/**
 * The histories before the model windows of recent sessions, each scanned once and then extended
 * by the events after it. A scan reads only the four types it looks at (the store skips the
 * others), so it costs what the history holds of them, not the history. A scan is kept only
 * through a `SessionLogCache`, anchored to an event the cache held (frozen) before the scan read
 * the store, and reused only while the cache still holds that very object: the
 * cache reads a stream afresh whenever it was truncated, deleted or replaced
 * (`docs/event-store.md`, what a store may do to a stream), so a scan never outlives the history
 * it was made from. Over any other store every request scans the history anew.
 */
export class HistoryIndex {
  private readonly scans = new Map<string, ScannedHistory>();

  /** Drops what is kept of a session (an erasure). */
  erase(sessionId: string): void {
    this.scans.delete(sessionId);
  }

  constructor(private readonly maxSessions = 256) {}

  /** The history of a session before `beforeRevision` (its applied boundary), as a window needs it. */
  async before(
    store: SessionLog,
    sessionId: string,
    beforeRevision: number,
  ): Promise<HistoryBeforeWindow> {
    const streamName = sessionStreamName(sessionId);
    const kept = this.scans.get(sessionId);
    this.scans.delete(sessionId);
    const held =
      kept?.anchor !== undefined &&
      store instanceof SessionLogCache &&
      store.eventAt(streamName, kept.anchor.revision) === kept.anchor;
    // Taken before the store is read: a change after it shows as another object.
    const anchor = store instanceof SessionLogCache ? store.heldEvent(streamName) : undefined;
    const sameLine = kept?.rewinds.every((at) => at < beforeRevision) ?? true;
    const scanned: ScannedHistory =
      held && kept !== undefined && sameLine
        ? kept
        : {
            systemNotes: [],
            results: new Map(),
            prunings: new Map(),
            readThrough: -1,
            anchor: undefined,
            rewinds: [],
          };
    let eventsRead = 0;
    if (scanned.readThrough < beforeRevision - 1) {
      const from = scanned.readThrough + 1;
      scanned.anchor ??= anchor;
      for await (const recorded of store.readStream(streamName, {
        fromRevision: from,
        maxCount: beforeRevision - from,
        types: INDEXED_TYPES,
      })) {
        // Past the boundary (a truncated stream, few events of these types): the window's.
        if (recorded.revision >= beforeRevision) break;
        eventsRead += 1;
        const parsed = parseLoggedEvent(recorded);
        if (parsed.ok) note(scanned, parsed.event);
      }
      scanned.readThrough = beforeRevision - 1;
    }
    if (store instanceof SessionLogCache && (sameLine || kept === undefined)) {
      this.scans.set(sessionId, scanned);
      if (this.scans.size > this.maxSessions) {
        const oldest = this.scans.keys().next().value;
        if (oldest !== undefined) this.scans.delete(oldest);
      }
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

  /** Sessions whose scanned history is kept (for tests). */
  get size(): number {
    return this.scans.size;
  }
}

function note(scanned: ScannedHistory, logged: SessionLogEvent): void {
  const { event, revision } = logged;
  if (event.type === 'SessionRewound') {
    scanned.rewinds.push(revision);
    // The forward form of the current line: what the rewind undid is forgotten.
    const undone = (at: number) => at > event.data.toRevision && at < revision;
    scanned.systemNotes = scanned.systemNotes.filter((note) => !undone(note.revision));
    for (const index of [scanned.results, scanned.prunings]) {
      for (const [key, revisions] of index) {
        const kept = revisions.filter((at) => !undone(at));
        if (kept.length === 0) index.delete(key);
        else index.set(key, kept);
      }
    }
  } else if (event.type === 'SystemNoteRecorded') scanned.systemNotes.push(logged);
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
