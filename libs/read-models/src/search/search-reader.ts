import {
  parseSearchQuery,
  searchSnippet,
  searchVisibility,
  type SearchBoundary,
  type SearchDocument,
  type SearchFilters,
  type SearchVisibility,
} from '@agent-ledger/projections';
import type { RuntimeMessageKind, RuntimeMessageRole } from '@agent-ledger/messages';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import { toFtsMatch } from './to-fts-match';

/** One hit: where the message is (to open it, or replay to it), a snippet, and its rank. */
export interface SearchResult {
  sessionId: string;
  messageId: string;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  /** The session revision that recorded the message, and its global position. */
  revision: number;
  position: number;
  createdAt: string;
  snippet: string;
  visibility: SearchVisibility;
  /** BM25, higher is better (0 for a query of filters alone, ordered newest first). */
  score: number;
}

/** A page of hits, best first; `nextCursor` continues it (`undefined`: the last page). */
export interface SearchPage {
  results: SearchResult[];
  nextCursor?: string;
}

/** What to search: the query text, an optional session, a page, and how snippets are redacted. */
export interface SearchRequest {
  query: string;
  sessionId?: string;
  /** Also a time range, besides `from:` / `to:` in the query (both apply). */
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
  /** Applied to the text before the snippet is cut (the export's redaction); none: raw text. */
  redact?: (text: string) => string;
}

interface Row {
  rowid: number;
  session_id: string;
  seq: number;
  message_id: string;
  revision: number;
  position: number;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  created_at: string;
  agent: string | null;
  tools: string;
  eligible: number;
  pruned: number;
  tags: string;
  summary_for: string | null;
  body: string;
  score: number;
}

const COLUMNS =
  'm.rowid, m.session_id, m.seq, m.message_id, m.revision, m.position, m.kind, m.role, m.created_at, m.agent, m.tools, m.eligible, m.pruned, m.tags, m.summary_for, m.body';

/** A search cursor that cannot be read. */
export class InvalidSearchCursorError extends Error {
  readonly code = 'InvalidSearchCursor';
  constructor(readonly cursor: string) {
    super(
      `Search cursor ${JSON.stringify(cursor)} is not one this server gave; pass nextCursor as it was returned.`,
    );
  }
}

/** Reads the search view: ranked hits across sessions or in one, and whole documents. */
export class SearchReader {
  constructor(private readonly db: ReadModelDatabase) {}

  /** Throws `SearchQuerySyntaxError` (bad query) or `InvalidSearchCursorError`. */
  search(request: SearchRequest): SearchPage {
    const parsed = parseSearchQuery(request.query);
    const scoped = parsed.filters.sessions;
    if (
      request.sessionId !== undefined &&
      scoped !== undefined &&
      !scoped.includes(request.sessionId)
    ) {
      // The session route with a session: filter naming another one: filters conjoin, no hit.
      return { results: [] };
    }
    const filters: SearchFilters =
      request.sessionId === undefined
        ? parsed.filters
        : { ...parsed.filters, sessions: [request.sessionId] };
    const match = toFtsMatch(parsed.expression, filters);
    const limit = Math.min(Math.max(request.limit ?? 20, 1), 200);
    const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor);
    const range = timeRange(filters, request);
    const where = [
      ...(range.from === undefined ? [] : ['m.created_ms >= @from']),
      ...(range.to === undefined ? [] : ['m.created_ms < @to']),
    ];
    const parameters = { ...range, match, limit: limit + 1, offset };
    const rows =
      match === undefined
        ? this.db
            .prepare<Record<string, unknown>, Row>(
              `SELECT ${COLUMNS}, 0 AS score FROM rm_search_messages m
               ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
               ORDER BY m.created_ms DESC, m.rowid DESC LIMIT @limit OFFSET @offset`,
            )
            .all(parameters)
        : this.db
            .prepare<Record<string, unknown>, Row>(
              `SELECT ${COLUMNS}, -i.rank AS score FROM rm_search_index i
               JOIN rm_search_messages m ON m.rowid = i.rowid
               WHERE rm_search_index MATCH @match ${where.map((condition) => `AND ${condition}`).join(' ')}
               ORDER BY i.rank, m.rowid LIMIT @limit OFFSET @offset`,
            )
            .all(parameters);
    const page = rows.slice(0, limit);
    const boundaries = this.boundaries(page.map((row) => row.session_id));
    const redact = request.redact ?? ((text: string) => text);
    return {
      results: page.map((row) => ({
        sessionId: row.session_id,
        messageId: row.message_id,
        kind: row.kind,
        role: row.role,
        revision: row.revision,
        position: row.position,
        createdAt: row.created_at,
        snippet: searchSnippet(redact(row.body), parsed.expression),
        visibility: visibilityOf(row, boundaries.get(row.session_id)),
        score: row.score === 0 ? 0 : Number(row.score.toPrecision(6)),
      })),
      ...(rows.length > limit ? { nextCursor: encodeCursor(offset + limit) } : {}),
    };
  }

  /** Every document of a session, in order, in `projectToSearch`'s shape (verify compares them). */
  documents(sessionId: string): SearchDocument[] {
    const rows = this.db
      .prepare<[string], Row>(
        `SELECT ${COLUMNS}, 0 AS score FROM rm_search_messages m WHERE session_id = ? ORDER BY seq`,
      )
      .all(sessionId);
    const boundary = this.boundaries([sessionId]).get(sessionId);
    return rows.map((row) => ({
      view: 'search',
      messageId: row.message_id,
      kind: row.kind,
      role: row.role,
      createdAt: row.created_at,
      ...(row.agent === null ? {} : { agentName: row.agent }),
      toolNames: readOwnJson<string[]>(row.tools),
      reasoning: row.kind === 'assistant_reasoning',
      text: row.body,
      visibility: visibilityOf(row, boundary),
    }));
  }

  private boundaries(sessionIds: readonly string[]): Map<string, SearchBoundary> {
    const statement = this.db.prepare<
      [string],
      { boundary_id: string; boundary_seq: number; summary_seq: number | null }
    >('SELECT boundary_id, boundary_seq, summary_seq FROM rm_search_sessions WHERE session_id = ?');
    const boundaries = new Map<string, SearchBoundary>();
    for (const sessionId of new Set(sessionIds)) {
      const row = statement.get(sessionId);
      if (row === undefined) continue;
      boundaries.set(sessionId, {
        id: row.boundary_id,
        seq: row.boundary_seq,
        ...(row.summary_seq === null ? {} : { summarySeq: row.summary_seq }),
      });
    }
    return boundaries;
  }
}

function visibilityOf(row: Row, boundary: SearchBoundary | undefined): SearchVisibility {
  return searchVisibility(
    {
      kind: row.kind,
      seq: row.seq,
      eligible: row.eligible === 1,
      pruned: row.pruned === 1,
      tags: readOwnJson<string[]>(row.tags),
      ...(row.summary_for === null ? {} : { summaryForBoundaryId: row.summary_for }),
    },
    boundary,
  );
}

function timeRange(filters: SearchFilters, request: SearchRequest): { from?: number; to?: number } {
  const later = (a: string | undefined, b: string | undefined) =>
    [a, b].filter((value): value is string => value !== undefined).map(Date.parse);
  const froms = later(filters.from, request.from);
  const tos = later(filters.to, request.to);
  return {
    ...(froms.length === 0 ? {} : { from: Math.max(...froms) }),
    ...(tos.length === 0 ? {} : { to: Math.min(...tos) }),
  };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'offset' in parsed &&
      Number.isSafeInteger(parsed.offset) &&
      (parsed.offset as number) >= 0
    ) {
      return parsed.offset as number;
    }
  } catch {
    // Not base64url JSON: reported below.
  }
  throw new InvalidSearchCursorError(cursor);
}
