import type { EventStore } from '@agent-ledger/event-store';
import type { BlobStore } from '@agent-ledger/blobs';
import { sessionStreamName, splitSessionKey, type SessionLogEvent } from '@agent-ledger/events';
import { toolResultSoftLimitOf } from '@agent-ledger/projections';
import { blobAttachmentsOf } from './blob-attachments-of';
import { blobExcerptsOf } from './blob-excerpts-of';
import { blobTextExcerptsOf } from './blob-text-excerpts-of';
import { HistoryIndex } from './history-index';
import { parseLoggedEvent } from './parse-logged-event';
import { readWindowEvents } from './window-events';
import { IncrementalViews } from './incremental/incremental-views';
import { economizeModelContext } from './economize-model-context';
import { loadModelView } from './load-model-context';
import type { ModelContext, ModelContextQuery, ModelView } from './model-context';
import { TokenCounter } from './tokens/token-counter';
import { DEFAULT_SESSION_LOG_CACHE_CHARS, SessionLogCache } from './session-log-cache';

/** What answered a model context (`ModelContextReader.loadWithSource`). */
export type ModelContextSource = 'incremental' | 'built' | 'replay';

/** How a `ModelContextReader` keeps what it read. */
export interface ModelContextReaderOptions {
  /** Bound of the session log cache, in characters of the events' strings. Default 64 M. */
  cacheChars?: number;
  /**
   * The blob store of the store's tenants: a blob output's head and tail are read from it by
   * range (`blobExcerptsOf`). Without it, blob outputs show their preview.
   */
  blobs?: Pick<BlobStore, 'read'>;
}

/**
 * The model context of a store's sessions, as a server answers it: one per store, made by the
 * app that opens the store, owning everything kept between requests — the session log cache
 * (a session's events by revision, only newer ones read), the history before each window's
 * boundary, and the incremental views at the latest revision. Answers exactly what
 * `loadModelContext` computes from the log (a property test holds the two equal); a request
 * after one more turn costs that turn, not the whole window.
 */
export class ModelContextReader {
  /** The store as the model context reads it (for tests and benchmarks that read the same way). */
  readonly log: SessionLogCache;
  private readonly history = new HistoryIndex();
  private readonly views: IncrementalViews;
  private readonly counter = new TokenCounter();
  private readonly blobs: Pick<BlobStore, 'read'> | undefined;

  constructor(
    store: Pick<EventStore, 'readStream' | 'getStreamMetadata'>,
    options: ModelContextReaderOptions = {},
  ) {
    this.log = new SessionLogCache(store, options.cacheChars ?? DEFAULT_SESSION_LOG_CACHE_CHARS);
    this.views = new IncrementalViews(this.log, this.history);
    this.blobs = options.blobs;
  }

  /** The model context of `sessionId` for `query` (see `ModelContextQuery`). */
  async load(sessionId: string, query: ModelContextQuery = {}): Promise<ModelContext> {
    return (await this.loadWithSource(sessionId, query)).context;
  }

  /**
   * `load`, saying what answered: `incremental` (a view kept from an earlier request: only the
   * events appended since were read), `built` (an incremental view made now, from the session's
   * window) or `replay` (computed from the log: a past revision, a recorded call, a compact format).
   */
  async loadWithSource(
    sessionId: string,
    asked: ModelContextQuery = {},
  ): Promise<{ context: ModelContext; source: ModelContextSource }> {
    const query = await this.withBlobExcerpts(sessionId, asked);
    let source: ModelContextSource | undefined;
    const context = await economizeModelContext(
      sessionId,
      query,
      {
        view: async (viewQuery) => {
          const answered = await this.loadView(sessionId, viewQuery);
          // The first view asked for is the answer's; the others calibrate its token count.
          source ??= answered.source;
          return answered.view;
        },
        windowEvents: async (atRevision) =>
          (
            await readWindowEvents(this.log, sessionId, {
              atRevision,
              applyCompactBoundary: query.applyCompactBoundary !== false,
              carrySystemNotes: query.carrySystemNotes !== false,
              history: this.history,
            })
          ).events,
      },
      this.counter,
    );
    return { context, source: source ?? 'replay' };
  }

  /** The plain model view (no budget, no token count): incrementally when it can, else replayed. */
  private async loadView(
    sessionId: string,
    query: ModelContextQuery,
  ): Promise<{ view: ModelView; source: ModelContextSource }> {
    const incremental = await this.views.loadSaying(sessionId, query);
    if (incremental !== undefined) {
      return { view: incremental.context, source: incremental.kept ? 'incremental' : 'built' };
    }
    const view = await loadModelView(this.log, sessionId, query, this.history);
    return { view, source: 'replay' };
  }

  /**
   * `query` with the excerpts of the blob outputs its window holds, read by range for its soft
   * limit, those of its text blobs (`blobTextExcerptsOf`: whole for the latest turn when they
   * fit), and the bytes of its attachment blobs, read whole (`blobAttachmentsOf`). A session
   * whose window holds none costs one pass over the window's cached events.
   */
  private async withBlobExcerpts(
    sessionId: string,
    query: ModelContextQuery,
  ): Promise<ModelContextQuery> {
    if (
      this.blobs === undefined ||
      (query.blobExcerpts !== undefined &&
        query.blobTextExcerpts !== undefined &&
        query.blobAttachments !== undefined)
    ) {
      return query;
    }
    const { events } = await readWindowEvents(this.log, sessionId, {
      ...(query.atRevision === undefined ? {} : { atRevision: query.atRevision }),
      applyCompactBoundary: query.applyCompactBoundary !== false,
      carrySystemNotes: query.carrySystemNotes !== false,
      history: this.history,
    });
    const limit = toolResultSoftLimitOf(query.toolResultSoftLimitChars);
    const { tenant } = splitSessionKey(sessionId);
    const excerpts =
      query.blobExcerpts ?? (await blobExcerptsOf(events, this.blobs, tenant, limit));
    const textExcerpts =
      query.blobTextExcerpts ?? (await blobTextExcerptsOf(events, this.blobs, tenant, limit));
    const attachments =
      query.blobAttachments ?? (await blobAttachmentsOf(events, this.blobs, tenant));
    return {
      ...query,
      ...(excerpts.size === 0 ? {} : { blobExcerpts: excerpts }),
      ...(textExcerpts.size === 0 ? {} : { blobTextExcerpts: textExcerpts }),
      ...(attachments.size === 0 ? {} : { blobAttachments: attachments }),
    };
  }

  /**
   * The events the model context of `sessionId` at `atRevision` (default: the head) is computed
   * from with the default options (the window to the latest compact boundary on the current line,
   * with what it needs from before it), in log order, and what the session's first event says:
   * what a fork carries. Read through this reader's cache and history index, so a session whose
   * model context was asked for costs its window.
   */
  async windowEvents(
    sessionId: string,
    atRevision?: number,
  ): Promise<{
    events: SessionLogEvent[];
    revision: number;
    started?: { subjectId?: string; agentName?: string };
  }> {
    const { window, events } = await readWindowEvents(this.log, sessionId, {
      ...(atRevision === undefined ? {} : { atRevision }),
      applyCompactBoundary: true,
      carrySystemNotes: true,
      history: this.history,
    });
    let started: { subjectId?: string; agentName?: string } | undefined;
    for await (const recorded of this.log.readStream(sessionStreamName(sessionId), {
      maxCount: 1,
    })) {
      const parsed = parseLoggedEvent(recorded);
      if (parsed.ok && parsed.event.event.type === 'SessionStarted') {
        const { subjectId, agentName } = parsed.event.event.data;
        started = {
          ...(subjectId === undefined ? {} : { subjectId }),
          ...(agentName === undefined ? {} : { agentName }),
        };
      }
    }
    return { events, revision: window.revision, ...(started === undefined ? {} : { started }) };
  }

  /**
   * Forgets everything kept of a session (an erasure): its cached events, its history index and
   * its incremental views. Reads after it read the log afresh.
   */
  erase(sessionId: string): void {
    this.views.erase(sessionId);
    this.history.erase(sessionId);
    this.log.erase(sessionStreamName(sessionId));
  }

  /** What is kept now: views (and failed ones), histories, cached streams and characters. */
  get size(): {
    views: number;
    failedViews: number;
    histories: number;
    streams: number;
    chars: number;
  } {
    const { kept, failed } = this.views.size;
    return { views: kept, failedViews: failed, histories: this.history.size, ...this.log.size };
  }
}
