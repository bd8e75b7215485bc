import type { PruneTarget, RecordedSoFar } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { readOwnJson } from '../database/own-json';

/** The look-ups of `rm_search_messages` that {@link SearchRowsSoFar} runs. */
export interface SearchRowLookups {
  /** The rows recorded under an id: kept as it, or as `<id>#n`. */
  versions: { all(names: { sessionId: string; id: string }): Array<{ message: string }> };
  hasId: { get(sessionId: string, messageId: string): unknown };
  target: {
    get(sessionId: string, messageId: string): { kind: string; pruned: number } | undefined;
  };
}

/**
 * The search and analytics rows of one session as the events lib's record-once rule reads them
 * (`recordMessageOnce`, `pruningMarkTargets`): the rows hold each message as its event recorded
 * it, and a `pruned` flag for the marks.
 */
export class SearchRowsSoFar implements RecordedSoFar {
  constructor(
    private readonly rows: SearchRowLookups,
    private readonly sessionId: string,
  ) {}

  isTaken(id: string): boolean {
    return this.rows.hasId.get(this.sessionId, id) !== undefined;
  }

  versionsRecordedAs(id: string): readonly RuntimeMessage[] {
    return this.rows.versions
      .all({ sessionId: this.sessionId, id })
      .map((row) => readOwnJson<RuntimeMessage>(row.message));
  }

  pruneTarget(id: string): PruneTarget | undefined {
    const row = this.rows.target.get(this.sessionId, id);
    return row === undefined ? undefined : { kind: row.kind, pruned: row.pruned === 1 };
  }
}
