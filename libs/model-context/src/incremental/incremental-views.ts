import type { HistoryIndex } from '../history-index';
import type { ModelView, ModelContextQuery } from '../model-context';
import type { SessionLogCache } from '../session-log-cache';
import { appendDelta, initialViewState, readFrom } from './segments';
import { viewOf } from './view-of';
import type { ViewState } from './view-state';

/** Sessions and queries whose view is kept, least recently used first out. */
const DEFAULT_MAX_VIEWS = 64;

/**
 * The model contexts of recent sessions and queries at their latest revision, computed
 * incrementally: what the full computation (`loadModelContext`'s replay of the window) gives,
 * but reading only the events appended since the last request for the same session and query,
 * and recomputing only the turns they change.
 *
 * The window is split into turns at eligible user inputs (`segments.ts`); turns that share a
 * message id, tool call, approval or pruning mark are joined into one unit (`units.ts`), so that
 * each unit normalizes, projects and serializes alone exactly as within the whole
 * (`projectModelViewPart`, `toAiSdkMessagesPart`), given what the rest decides: where the current
 * turn is, which tool results are older than the recent turns, which system notes came before,
 * whether a seam between units would merge messages (then the units are joined). A unit's
 * results are kept while those inputs stay the same (`view-of.ts`), and the answer is joined from
 * the units' lists (`assemble.ts`).
 *
 * A view reads its session through the session log cache and keeps the cached (frozen) event at
 * its revision: it is taken up again only while the cache hands back that very object, which it
 * does only while the stream is unchanged (`docs/event-store.md`, what a store may do to a
 * stream); a view of a session the cache dropped is dropped too.
 */
export class IncrementalViews {
  private readonly views = new Map<string, ViewState>();

  /** Drops every view of a session (an erasure): the keys start with its id. */
  erase(sessionId: string): void {
    const prefix = JSON.stringify([sessionId]).slice(0, -1);
    for (const key of [...this.views.keys()]) {
      if (key.startsWith(`${prefix},`)) this.views.delete(key);
    }
  }
  private failures = 0;

  constructor(
    private readonly log: SessionLogCache,
    private readonly history: HistoryIndex,
    private readonly maxViews = DEFAULT_MAX_VIEWS,
  ) {}

  /**
   * The view at the latest revision, or `undefined` where the incremental computation does not
   * apply (another format, a past revision, a recorded model call, boundaries not applied) or
   * cannot be exact (a reused message id, a made-up id reused by the log, a new boundary): the
   * caller then computes the view from the log.
   */
  async load(sessionId: string, query: ModelContextQuery): Promise<ModelView | undefined> {
    return (await this.loadSaying(sessionId, query))?.context;
  }

  /** `load`, saying whether a view kept from an earlier request answered (`kept`) or one was built. */
  async loadSaying(
    sessionId: string,
    query: ModelContextQuery,
  ): Promise<{ context: ModelView; kept: boolean } | undefined> {
    const format = query.format ?? 'model';
    if (format !== 'model' && format !== 'ai-sdk' && format !== 'ai-sdk-prompt') return undefined;
    if (query.atRevision !== undefined || query.call !== undefined) return undefined;
    if (query.applyCompactBoundary === false) return undefined;
    const key = JSON.stringify([sessionId, { ...query, format: undefined }]);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const state = this.views.get(key);
      if (state !== undefined) {
        const delta = await readFrom(this.log, sessionId, state.revision);
        if (this.views.get(key) !== state) continue; // another request moved it on meanwhile
        this.views.delete(key);
        this.trim();
        if (
          delta[0] !== undefined &&
          delta[0] === state.anchor &&
          appendDelta(state, delta.slice(1))
        ) {
          this.views.set(key, state);
          if (state.whole) return undefined;
          return saying(true, this.guarded(key, state, sessionId, query, format));
        }
      }
      const built = await initialViewState(this.log, this.history, sessionId, query);
      if (built === undefined) return undefined;
      this.views.set(key, built);
      this.trim();
      if (built.whole) return undefined;
      return saying(false, this.guarded(key, built, sessionId, query, format));
    }
    return undefined;
  }

  /** How many sessions and queries have a view kept, and how many views failed (for tests). */
  get size(): { kept: number; failed: number } {
    return { kept: this.views.size, failed: this.failures };
  }

  /**
   * The incremental view, or, should computing it fail, none: the state is dropped and the caller
   * computes the view from the log, which answers (or fails) as it always did.
   */
  private guarded(
    key: string,
    state: ViewState,
    sessionId: string,
    query: ModelContextQuery,
    format: 'model' | 'ai-sdk' | 'ai-sdk-prompt',
  ): ModelView | undefined {
    try {
      return viewOf(state, sessionId, query, format);
    } catch {
      this.views.delete(key);
      this.failures += 1;
      return undefined;
    }
  }

  /**
   * Keeps at most `maxViews` views, and none of a session whose events the session log cache
   * dropped: the views hold those events, and must not keep them past the cache's own bound.
   */
  private trim(): void {
    for (const [key, state] of this.views) {
      if (!this.log.holds(state.streamName)) this.views.delete(key);
    }
    for (const key of this.views.keys()) {
      if (this.views.size <= this.maxViews) return;
      this.views.delete(key);
    }
  }
}

function saying(
  kept: boolean,
  context: ModelView | undefined,
): { context: ModelView; kept: boolean } | undefined {
  return context === undefined ? undefined : { context, kept };
}
