import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  projectToExport,
  projectToTranscript,
  summarizeAnalytics,
  type ModelCallFacts,
  type SearchBoundary,
  type SearchDocument,
} from '@agent-ledger/projections';
import type { Statement } from 'better-sqlite3';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { messageAnalyticsFactsOfRow } from '../analytics/analytics-reader';
import { searchBoundaryOfRow, searchDocumentOfRow } from '../search/search-reader';
import { SessionListReader } from '../session-list/session-list-reader';
import { EXPORT_AS_IS, EXPORT_REDACTED } from '../session-views/session-views-schema';
import { SessionViewsReader } from '../session-views/session-views-reader';
import { jsonEqual } from './json-equal';
import type { SessionReadModels } from './session-read-models';
import { storedJsonIs } from './stored-json-is';

/**
 * Whether the stored read models of `expected.sessionId` are certainly `expected`: `true` only
 * when `readSessionReadModels(db, sessionId)` would return a value `jsonEqual` to it. `false`
 * means "maybe not": the caller reads them whole and lists the differences (`jsonDifferences`),
 * so the differences reported never come from here.
 *
 * What makes it cheaper than reading them back: the rows are read as arrays, one statement per
 * table, and a stored message is compared as text with the recomputed one (`storedJsonIs`, which
 * proves that parsing the text would give that very value) instead of being parsed and compared
 * deeply; only a text that is not the recomputed value's own is parsed (and compared) as the
 * reader would. The views are then derived from those values as the readers derive them from
 * the parsed rows: the search documents, boundary and analytics facts by the readers' own row
 * decoders (`searchDocumentOfRow`, `searchBoundaryOfRow`, `messageAnalyticsFactsOfRow`), the
 * transcript and export entries as `SessionViewsReader.views` renders them; a test holds this
 * function to agree with the readers on every session it accepts.
 */
export function storedReadModelsMatch(db: ReadModelDatabase, expected: SessionReadModels): boolean {
  const readers = readersOf(db);
  const { sessionId } = expected;
  if (!hasOnlyKeys(expected, SESSION_READ_MODEL_KEYS)) return false;
  if (!jsonEqual(expected.summary, readers.sessionList.session(sessionId))) return false;
  if (!jsonEqual(expected.repairs, readers.sessionViews.repairs(sessionId))) return false;
  const proven = new ProvenMessages(readers.statements.views.all(sessionId));
  if (!viewsMatch(proven, expected)) return false;
  const searchRows = readers.statements.search.all(sessionId);
  const boundary = boundaryOf(readers.statements.boundary.get(sessionId));
  if (!searchMatches(searchRows, boundary, expected.search, proven)) return false;
  const calls = readers.statements.calls.all(sessionId);
  return analyticsMatch(sessionId, searchRows, calls, expected.analytics);
}

/** A row of `rm_messages`, as `SessionViewsReader.views` reads it (raw: an array). */
type ViewRow = [
  seq: number,
  id: string,
  message: string,
  inTranscript: number,
  exportState: number,
  exportRedactions: number,
  exportEntry: string | null,
];

/** A row of `rm_search_messages`: the columns of `SearchReader.documents` and `AnalyticsReader.session`. */
type SearchRow = [
  rowid: number,
  messageId: string,
  kind: RuntimeMessage['kind'],
  role: RuntimeMessage['role'],
  createdAt: string,
  agent: string | null,
  tools: string | null,
  eligible: number,
  pruned: number,
  summaryFor: string | null,
  message: string,
  facts: string | null,
];

type BoundaryRow = [boundaryId: string, boundarySeq: number, summarySeq: number | null];

interface Readers {
  sessionList: SessionListReader;
  sessionViews: SessionViewsReader;
  statements: {
    views: Statement<[string], ViewRow>;
    search: Statement<[string], SearchRow>;
    boundary: Statement<[string], BoundaryRow>;
    calls: Statement<[string], string>;
  };
}

const readersByDatabase = new WeakMap<ReadModelDatabase, Readers>();

/** The readers and statements of `db`, made once per connection. */
function readersOf(db: ReadModelDatabase): Readers {
  let readers = readersByDatabase.get(db);
  if (readers !== undefined) return readers;
  // The readers first: they create the tables that are missing, which the statements read.
  const sessionList = new SessionListReader(db);
  const sessionViews = new SessionViewsReader(db);
  readers = {
    sessionList,
    sessionViews,
    statements: {
      views: db
        .prepare<[string], ViewRow>(
          `SELECT seq, id, message, in_transcript, export_state, export_redactions, export_entry
           FROM rm_messages WHERE session_id = ? ORDER BY seq`,
        )
        .raw(true),
      search: db
        .prepare<[string], SearchRow>(
          // The session's rowids first (from the id index, sorted), then each row in that order:
          // SQLite would otherwise sort the whole rows, messages included, in a temporary tree.
          `SELECT rowid, message_id, kind, role, created_at, agent, tools, eligible, pruned,
             summary_for, message, facts
           FROM rm_search_messages
           WHERE rowid IN (SELECT rowid FROM rm_search_messages WHERE session_id = ?)
           ORDER BY rowid`,
        )
        .raw(true),
      boundary: db
        .prepare<[string], BoundaryRow>(
          'SELECT boundary_id, boundary_seq, summary_seq FROM rm_search_sessions WHERE session_id = ?',
        )
        .raw(true),
      calls: db
        .prepare<[string], string>(
          'SELECT facts FROM rm_analytics_calls WHERE session_id = ? ORDER BY ordinal',
        )
        .pluck(true),
    },
  };
  readersByDatabase.set(db, readers);
  return readers;
}

const SESSION_READ_MODEL_KEYS = new Set([
  'sessionId',
  'summary',
  'messages',
  'repairs',
  'transcript',
  'export',
  'search',
  'analytics',
]);
const RESULT_KEYS = new Set(['messages', 'diagnostics']);
const TRANSCRIPT_DIAGNOSTIC_KEYS = new Set([
  'hiddenMessageIds',
  'truncatedMessageIds',
  'injectedNotes',
]);
const EXPORT_DIAGNOSTIC_KEYS = new Set([
  ...TRANSCRIPT_DIAGNOSTIC_KEYS,
  'redactionCount',
  'redactedMessageIds',
]);

/** The context `SessionViewsReader` renders a stored row in (its rows do not depend on it). */
const RENDER_CONTEXT = { sessionId: '', activeAgentName: '', includeReasoning: true };

/**
 * The rows of `rm_messages` and the value each one's message was proven to parse to (by
 * `viewsMatch`, in order), so that a search row holding the same text as the row of its id is
 * known without parsing it: equal texts parse to equal values.
 */
class ProvenMessages {
  readonly values: RuntimeMessage[] = [];
  private byId: Map<string, number> | undefined;

  constructor(readonly rows: readonly ViewRow[]) {}

  /**
   * The value a reader parses from `text`, the message of the row `id` names: a proven value
   * when the row of that id holds the same text. Ids are unique in a session's rows; the search
   * rows are mostly in the same order, so the row at `index` is tried before a map of the ids.
   */
  messageOf(id: string, text: string, index: number): RuntimeMessage {
    const at = this.rows[index]?.[1] === id ? index : this.indexOf(id);
    const row = at === undefined ? undefined : this.rows[at];
    const value = at === undefined ? undefined : this.values[at];
    return row?.[2] === text && value !== undefined ? value : readOwnJson<RuntimeMessage>(text);
  }

  private indexOf(id: string): number | undefined {
    this.byId ??= new Map(this.rows.map((row, index) => [row[1], index]));
    return this.byId.get(id);
  }
}

/**
 * The debug, transcript and export views, as `SessionViewsReader.views` builds them from the
 * rows, against the recomputed ones. Each row's message, once proven to be the recomputed one,
 * is kept in `proven` (the search rows often hold the same text).
 */
function viewsMatch(proven: ProvenMessages, expected: SessionReadModels): boolean {
  const { rows } = proven;
  const { messages, transcript } = expected;
  const exported = expected.export;
  if (
    rows.length !== messages.length ||
    !hasOnlyKeys(transcript, RESULT_KEYS) ||
    !hasOnlyKeys(transcript.diagnostics, TRANSCRIPT_DIAGNOSTIC_KEYS) ||
    !hasOnlyKeys(exported, RESULT_KEYS) ||
    !hasOnlyKeys(exported.diagnostics, EXPORT_DIAGNOSTIC_KEYS) ||
    !isEmptyArray(transcript.diagnostics.truncatedMessageIds) ||
    !isEmptyArray(transcript.diagnostics.injectedNotes) ||
    !isEmptyArray(exported.diagnostics.truncatedMessageIds) ||
    !isEmptyArray(exported.diagnostics.injectedNotes)
  ) {
    return false;
  }
  let shown = 0;
  let hidden = 0;
  let exportedCount = 0;
  let leftOut = 0;
  let redactionCount = 0;
  let redacted = 0;
  for (let index = 0; index < rows.length; index += 1) {
    const [, id, text, inTranscript, exportState, exportRedactions, exportEntry] = rows[index]!;
    const message = storedValue(text, messages[index]);
    if (message === undefined) return false;
    proven.values.push(message);
    if (inTranscript === 1) {
      const entry = projectToTranscript([message], RENDER_CONTEXT).messages[0];
      if (entry === undefined || !jsonEqual(entry, transcript.messages[shown])) return false;
      shown += 1;
    } else if (transcript.diagnostics.hiddenMessageIds[hidden++] !== id) {
      return false;
    }
    const expectedEntry = exported.messages[exportedCount];
    let stored: boolean;
    if (exportState === EXPORT_REDACTED && exportEntry !== null) {
      if (storedValue(exportEntry, expectedEntry) === undefined) return false;
      stored = true;
    } else if (exportState === EXPORT_AS_IS) {
      const entry = projectToExport([message], RENDER_CONTEXT, { redact: false }).messages[0];
      if (entry !== undefined && !jsonEqual(entry, expectedEntry)) return false;
      stored = entry !== undefined;
    } else {
      stored = false;
    }
    if (!stored) {
      if (exported.diagnostics.hiddenMessageIds[leftOut++] !== id) return false;
      continue;
    }
    exportedCount += 1;
    if (exportRedactions > 0) {
      redactionCount += exportRedactions;
      if (exported.diagnostics.redactedMessageIds[redacted++] !== id) return false;
    }
  }
  return (
    shown === transcript.messages.length &&
    hidden === transcript.diagnostics.hiddenMessageIds.length &&
    exportedCount === exported.messages.length &&
    leftOut === exported.diagnostics.hiddenMessageIds.length &&
    redactionCount === exported.diagnostics.redactionCount &&
    redacted === exported.diagnostics.redactedMessageIds.length
  );
}

function boundaryOf(row: BoundaryRow | undefined): SearchBoundary | undefined {
  if (row === undefined) return undefined;
  const [boundary_id, boundary_seq, summary_seq] = row;
  return searchBoundaryOfRow({ boundary_id, boundary_seq, summary_seq });
}

/**
 * The search documents, as `SearchReader.documents` builds them from the rows. A row's message
 * (as recorded) is parsed only when its text is not that of the debug row of the same id, which
 * `viewsMatch` has proven to be the recomputed message (equal texts parse to equal values).
 */
function searchMatches(
  rows: readonly SearchRow[],
  boundary: SearchBoundary | undefined,
  expected: readonly SearchDocument[],
  proven: ProvenMessages,
): boolean {
  if (rows.length !== expected.length) return false;
  for (let index = 0; index < rows.length; index += 1) {
    const [
      rowid,
      messageId,
      kind,
      role,
      createdAt,
      agent,
      tools,
      eligible,
      pruned,
      summaryFor,
      text,
    ] = rows[index]!;
    const message = proven.messageOf(messageId, text, index);
    const document = searchDocumentOfRow(
      {
        rowid,
        message_id: messageId,
        kind,
        role,
        created_at: createdAt,
        agent,
        tools,
        eligible,
        pruned,
        summary_for: summaryFor,
      },
      message,
      boundary,
    );
    if (!jsonEqual(document, expected[index])) return false;
  }
  return true;
}

/** The analytics view, as `AnalyticsReader.session` builds it from the same rows and the calls. */
function analyticsMatch(
  sessionId: string,
  rows: readonly SearchRow[],
  calls: readonly string[],
  expected: SessionReadModels['analytics'],
): boolean {
  if (rows.length === 0 && calls.length === 0) return expected === undefined;
  if (expected === undefined) return false;
  const messages = rows.map(([, message_id, kind, , created_at, agent, , , pruned, , , facts]) =>
    messageAnalyticsFactsOfRow({ message_id, kind, created_at, agent, pruned, facts }),
  );
  const callFacts = calls.map((facts) => readOwnJson<ModelCallFacts>(facts));
  return jsonEqual(summarizeAnalytics(sessionId, messages, callFacts), expected);
}

/**
 * The value a reader parses from `text`, when it is `jsonEqual` to `expected`: `expected` itself
 * when the text is its own (`storedJsonIs`, the common case, nothing parsed), else the parsed
 * text (written in another key order, say); `undefined` when they differ.
 */
function storedValue<T>(text: string, expected: T | undefined): T | undefined {
  if (expected === undefined) return undefined;
  if (storedJsonIs(text, expected)) return expected;
  const parsed = readOwnJson<T>(text);
  return jsonEqual(parsed, expected) ? parsed : undefined;
}

/** Whether every member of `value` that is not `undefined` is named in `keys`. */
function hasOnlyKeys(value: object, keys: ReadonlySet<string>): boolean {
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined && !keys.has(key)) return false;
  }
  return true;
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}
