import type { PruneTarget, RecordedSoFar } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { readOwnJson } from '../database/own-json';

/** The look-ups of `rm_search_messages` that {@link SearchRowsSoFar} runs. */
export interface SearchRowLookups {
  /**
   * The messages recorded under an id before `revision` (kept as it, or as `<id>#n`), as their
   * events recorded them (JSON).
   */
  versions: {
    all(names: { sessionId: string; id: string; revision: number }): Array<{ message: string }>;
  };
  hasId: { get(sessionId: string, messageId: string): unknown };
  target: {
    get(sessionId: string, messageId: string): { kind: string; pruned: number } | undefined;
  };
}

/**
 * The search and analytics rows of one session as the events lib's record-once rule reads them
 * (`recordMessageOnce`, `pruningMarkTargets`) as it stood before the event at `revision`: the
 * ids and a `pruned` flag for the marks from the search rows, the messages as their events
 * recorded them from the session views' rows (where each message is stored once).
 */
export class SearchRowsSoFar implements RecordedSoFar {
  constructor(
    private readonly rows: SearchRowLookups,
    private readonly sessionId: string,
    private readonly revision: number,
  ) {}

  isTaken(id: string): boolean {
    return this.rows.hasId.get(this.sessionId, id) !== undefined;
  }

  versionsRecordedAs(id: string): readonly RuntimeMessage[] {
    return this.rows.versions
      .all({ sessionId: this.sessionId, id, revision: this.revision })
      .map((row) => readOwnJson<RuntimeMessage>(row.message));
  }

  pruneTarget(id: string): PruneTarget | undefined {
    const row = this.rows.target.get(this.sessionId, id);
    return row === undefined ? undefined : { kind: row.kind, pruned: row.pruned === 1 };
  }
}
