import { sessionKeyOf, splitSessionKey } from '@agent-ledger/events';
import {
  parseSearchQuery,
  searchSnippet,
  searchTextOf,
  searchVisibility,
  type SearchBoundary,
  type SearchDocument,
  type SearchFilters,
  type SearchVisibility,
} from '@agent-ledger/projections';
import type {
  RuntimeMessage,
  RuntimeMessageKind,
  RuntimeMessageRole,
} from '@agent-ledger/messages';
import { tenantCondition } from '../database/tenant-condition';
import type { ReadModelDatabase } from '../database/open-read-model-database';
import { readOwnJson } from '../database/own-json';
import {
  createdAtSql,
  RECORDED_MESSAGE_BY_REVISION_SQL,
  recordedMessageSql,
  SEARCH_INDEXES,
  type SearchIndexName,
} from './search-schema';
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
  /**
   * Which text the query matches: `redacted` (the default), as the view redaction the
   * recorded-messages handler was given leaves it, so that a redacted secret matches nothing; or
   * `recorded`, the text as recorded (for a caller who reads it unredacted: `audit` with `raw`).
   */
  index?: SearchIndexName;
  /**
   * Only this tenant's sessions: `sessionId` and `session:` filters name its sessions by their
   * public ids, and hits name them so. None: every session, by its key (the CLI on a store).
   */
  tenant?: string;
}

interface Row {
  /** Also the message's place in its session (`seq`). */
  rowid: number;
  session_id: string;
  message_id: string;
  revision: number;
  position: number;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  created_at: string;
  agent: string | null;
  /** JSON; `NULL` when none. */
  tools: string | null;
  eligible: number;
  pruned: number;
  summary_for: string | null;
  /**
   * The message as its event recorded it (JSON), from the session views' row (`recordedMessageSql`):
   * its text, tags and snippet are read from it. `NULL` when that look-up missed it.
   */
  message: string | null;
  score: number;
}

const COLUMNS = `m.rowid, m.session_id, m.message_id, m.revision, m.position, m.kind, m.role, ${createdAtSql('m')}, m.agent, m.tools, m.eligible, m.pruned, m.summary_for, ${recordedMessageSql('m')} AS message`;

/** Matches ranked together, newest first: bounds a page's cost (measured in `bench/search.bench.ts`). */
const DEFAULT_RANK_TIER = 20_000;

/** Where the next page starts: in the tier of matches below rowid `below`, after `offset` hits. */
interface Cursor {
  offset: number;
  below?: number;
}

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
  private readonly rankTier: number;

  /**
   * `rankTier`: how many of the newest matches are ranked together (see `search`); a query
   * matching more is ranked tier by tier, newest tier first. Default 20,000.
   */
  constructor(
    private readonly db: ReadModelDatabase,
    options: { rankTier?: number } = {},
  ) {
    this.rankTier = Math.max(1, options.rankTier ?? DEFAULT_RANK_TIER);
  }

  /** Throws `SearchQuerySyntaxError` (bad query) or `InvalidSearchCursorError`. */
  search(tenantRequest: SearchRequest): SearchPage {
    const { tenant } = tenantRequest;
    const keyOf = (id: string): string => (tenant === undefined ? id : sessionKeyOf(tenant, id));
    const request =
      tenantRequest.sessionId === undefined
        ? tenantRequest
        : { ...tenantRequest, sessionId: keyOf(tenantRequest.sessionId) };
    const query = parseSearchQuery(request.query);
    const parsed =
      query.filters.sessions === undefined
        ? query
        : { ...query, filters: { ...query.filters, sessions: query.filters.sessions.map(keyOf) } };
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
    const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
    const tenantKeys = tenantCondition('m.session_id', tenant);
    const range = { ...timeRange(filters, request), ...tenantKeys.params };
    const where = [
      ...(range.from === undefined ? [] : ['m.created_ms >= @from']),
      ...(range.to === undefined ? [] : ['m.created_ms < @to']),
      ...(tenant === undefined ? [] : [tenantKeys.sql]),
    ];
    const { rows: page, next } =
      match === undefined
        ? this.newest(where, range, limit, cursor?.offset ?? 0)
        : this.ranked(request.index ?? 'redacted', match, where, range, limit, cursor);
    const boundaries = this.boundaries(page.map((row) => row.session_id));
    const redact = request.redact ?? ((text: string) => text);
    return {
      results: page.map((row) => {
        const message = this.recordedMessage(row);
        return {
          sessionId:
            tenant === undefined ? row.session_id : splitSessionKey(row.session_id).sessionId,
          messageId: row.message_id,
          kind: row.kind,
          role: row.role,
          revision: row.revision,
          position: row.position,
          createdAt: row.created_at,
          snippet:
            message === undefined
              ? ''
              : searchSnippet(redact(searchTextOf(message)), parsed.expression),
          visibility: visibilityOf(row, message, boundaries.get(row.session_id)),
          score: row.score === 0 ? 0 : Number(row.score.toPrecision(6)),
        };
      }),
      ...(next === undefined ? {} : { nextCursor: encodeCursor(next) }),
    };
  }

  /** A query of filters alone: the matching messages newest first. */
  private newest(
    where: readonly string[],
    range: { from?: number; to?: number },
    limit: number,
    offset: number,
  ): { rows: Row[]; next?: Cursor } {
    const rows = this.db
      .prepare<Record<string, unknown>, Row>(
        `SELECT ${COLUMNS}, 0 AS score FROM rm_search_messages m
         ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
         ORDER BY m.created_ms DESC, m.rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...range, limit: limit + 1, offset });
    return rows.length > limit
      ? { rows: rows.slice(0, limit), next: { offset: offset + limit } }
      : { rows };
  }

  /**
   * Ranked hits, a tier at a time: a tier is the newest `rankTier` matches not yet shown (the
   * matches below `below`), ranked by BM25 among themselves; the next tier starts where it ends.
   * BM25 must score every match before it can keep the best 20, so without tiers a word found in
   * most messages costs a score per message; with them a page costs at most two walks of a tier.
   * A query matching fewer messages than a tier is ranked whole, as before. `below` is fixed by
   * the first page, so messages indexed while paging do not shift the pages.
   */
  private ranked(
    index: SearchIndexName,
    match: string,
    where: readonly string[],
    range: { from?: number; to?: number },
    limit: number,
    cursor: Cursor | undefined,
  ): { rows: Row[]; next?: Cursor } {
    const matches = matchesSql(index, where);
    // The newest match after the tier's, if any: the tier is the matches above it.
    const restStatement = this.db.prepare<Record<string, unknown>, { rowid: number }>(
      `SELECT rowid FROM (${matches}) ORDER BY rowid DESC LIMIT 1 OFFSET @tier`,
    );
    // The tier is read newest first (FTS5 walks a doclist backwards from `below` cheaply; a
    // forward seek to `rest` is not), ranked on the index alone, then joined for the page.
    const tier = `SELECT rowid, rank FROM (${matches}) ORDER BY rowid DESC LIMIT @tier`;
    const tierStatement = this.db.prepare<Record<string, unknown>, Row>(
      `SELECT ${COLUMNS}, -r.rank AS score FROM (
         SELECT rowid, rank FROM (${tier}) ORDER BY rank, rowid LIMIT @limit OFFSET @offset
       ) r JOIN rm_search_messages m ON m.rowid = r.rowid ORDER BY r.rank, r.rowid`,
    );
    let below = cursor?.below ?? this.nextRowid();
    let offset = cursor?.offset ?? 0;
    const rows: Row[] = [];
    for (;;) {
      const rest = restStatement.get({ ...range, match, below, tier: this.rankTier })?.rowid;
      const wanted = limit - rows.length;
      const tier = tierStatement.all({
        ...range,
        match,
        below,
        tier: this.rankTier,
        limit: wanted + 1,
        offset,
      });
      if (tier.length > wanted) {
        rows.push(...tier.slice(0, wanted));
        return { rows, next: { below, offset: offset + wanted } };
      }
      rows.push(...tier);
      if (rest === undefined) return { rows };
      below = rest + 1;
      offset = 0;
      if (rows.length === limit) return { rows, next: { below, offset } };
    }
  }

  private nextRowid(): number {
    const row = this.db
      .prepare<[], { next: number }>(
        'SELECT COALESCE(MAX(rowid), 0) + 1 AS next FROM rm_search_messages',
      )
      .get();
    return row?.next ?? 1;
  }

  /** Every document of a session, in order, in `projectToSearch`'s shape (verify compares them). */
  documents(sessionId: string): SearchDocument[] {
    const rows = this.db
      .prepare<[string], Row>(
        `SELECT ${COLUMNS}, 0 AS score FROM rm_search_messages m WHERE session_id = ? ORDER BY m.rowid`,
      )
      .all(sessionId);
    const boundary = this.boundaries([sessionId]).get(sessionId);
    return rows.map((row) => searchDocumentOfRow(row, this.recordedMessage(row), boundary));
  }

  /**
   * The message of a search row as its event recorded it: read with the row through its id, else
   * by its session and revision; `undefined` when the session views hold no row of its event (they
   * are behind the search view, being rebuilt).
   */
  private recordedMessage(row: Row): RuntimeMessage | undefined {
    const json =
      row.message ??
      this.db
        .prepare<[string, number], { message: string }>(RECORDED_MESSAGE_BY_REVISION_SQL)
        .get(row.session_id, row.revision)?.message;
    return json === undefined ? undefined : readOwnJson<RuntimeMessage>(json);
  }

  private boundaries(sessionIds: readonly string[]): Map<string, SearchBoundary> {
    const statement = this.db.prepare<
      [string],
      { boundary_id: string; boundary_seq: number; summary_seq: number | null }
    >('SELECT boundary_id, boundary_seq, summary_seq FROM rm_search_sessions WHERE session_id = ?');
    const boundaries = new Map<string, SearchBoundary>();
    for (const sessionId of new Set(sessionIds)) {
      const row = statement.get(sessionId);
      if (row !== undefined) boundaries.set(sessionId, searchBoundaryOfRow(row));
    }
    return boundaries;
  }
}

/**
 * SQL of the matches of `@match` below rowid `@below` in an index (`rowid`, `rank`), on the rows
 * `where` keeps. The redacted index holds every row; the recorded index only the rows whose text
 * (or tool or agent names) the view redaction changed (`redacted = 1`), the others' entries being
 * the same in both: a search of the recorded text is its matches and those of the redacted index
 * among the other rows. Their BM25 ranks are each index's own.
 */
function matchesSql(index: SearchIndexName, where: readonly string[]): string {
  const conditions = where.map((condition) => `AND ${condition}`).join(' ');
  const join = 'JOIN rm_search_messages m ON m.rowid = i.rowid';
  const one = (table: string, joined: boolean, extra: string) =>
    `SELECT i.rowid AS rowid, i.rank AS rank FROM ${table} i ${joined ? join : ''}
       WHERE ${table} MATCH @match AND i.rowid < @below ${conditions} ${extra}`;
  if (index === 'redacted') return one(SEARCH_INDEXES.redacted, where.length > 0, '');
  return `${one(SEARCH_INDEXES.recorded, where.length > 0, '')}
    UNION ALL ${one(SEARCH_INDEXES.redacted, true, 'AND m.redacted = 0')}`;
}

/** The columns of a `rm_search_messages` row a search document is made of. */
export type SearchDocumentColumns = Pick<
  Row,
  | 'rowid'
  | 'message_id'
  | 'kind'
  | 'role'
  | 'created_at'
  | 'agent'
  | 'tools'
  | 'eligible'
  | 'pruned'
  | 'summary_for'
>;

/**
 * A search document in `projectToSearch`'s shape, from its row and the message its event recorded
 * (read by the caller; `undefined`: not found, the document then has no text and no tags).
 */
function searchDocumentOfRow(
  row: SearchDocumentColumns,
  message: RuntimeMessage | undefined,
  boundary: SearchBoundary | undefined,
): SearchDocument {
  return {
    view: 'search',
    messageId: row.message_id,
    kind: row.kind,
    role: row.role,
    createdAt: row.created_at,
    ...(row.agent === null ? {} : { agentName: row.agent }),
    toolNames: row.tools === null ? [] : readOwnJson<string[]>(row.tools),
    reasoning: row.kind === 'assistant_reasoning',
    text: message === undefined ? '' : searchTextOf(message),
    visibility: visibilityOf(row, message, boundary),
  };
}

/** A session's latest compact boundary, from its `rm_search_sessions` row. */
function searchBoundaryOfRow(row: {
  boundary_id: string;
  boundary_seq: number;
  summary_seq: number | null;
}): SearchBoundary {
  return {
    id: row.boundary_id,
    seq: row.boundary_seq,
    ...(row.summary_seq === null ? {} : { summarySeq: row.summary_seq }),
  };
}

function visibilityOf(
  row: SearchDocumentColumns,
  message: RuntimeMessage | undefined,
  boundary: SearchBoundary | undefined,
): SearchVisibility {
  return searchVisibility(
    {
      kind: row.kind,
      seq: row.rowid,
      eligible: row.eligible === 1,
      pruned: row.pruned === 1,
      tags: message?.metadata?.tags ?? [],
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

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'offset' in parsed) {
      const offset = parsed.offset;
      const below = 'below' in parsed ? parsed.below : undefined;
      if (
        typeof offset === 'number' &&
        Number.isSafeInteger(offset) &&
        offset >= 0 &&
        (below === undefined ||
          (typeof below === 'number' && Number.isSafeInteger(below) && below > 0))
      ) {
        return below === undefined ? { offset } : { offset, below };
      }
    }
  } catch {
    // Not base64url JSON: reported below.
  }
  throw new InvalidSearchCursorError(cursor);
}
