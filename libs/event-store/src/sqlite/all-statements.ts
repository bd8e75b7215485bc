import type Database from 'better-sqlite3';
import type { Direction } from '../event-store';
import type { EventRow } from './event-row';
import type { SqlPredicate } from './filter-to-sql';
import { USER_EVENT_SQL } from './schema';

/** A subscription's row: `data` is `null` when the filter skipped the event. */
export type SubscriptionRow = Omit<EventRow, 'data'> & { data: string | null };

type RowStatement<R> = Database.Statement<unknown[], R>;

/**
 * Statements over `$all`, one per filter shape, prepared on first use and kept: a filter's SQL
 * depends only on its kind and number of prefixes, so the cache stays small.
 */
export class AllStatements {
  private readonly reads = new Map<string, RowStatement<EventRow>>();
  private readonly subscriptionPages = new Map<string, RowStatement<SubscriptionRow>>();

  constructor(private readonly db: Database.Database) {}

  /** A page of user events matching `predicate` from a position (inclusive), in `direction`. */
  readPage(predicate: SqlPredicate, direction: Direction, from: number, limit: number): EventRow[] {
    const key = `${direction} ${predicate.sql}`;
    let statement = this.reads.get(key);
    if (statement === undefined) {
      const [comparison, order] = direction === 'forwards' ? ['>=', 'ASC'] : ['<=', 'DESC'];
      statement = this.db.prepare<unknown[], EventRow>(
        `SELECT position, stream_name, revision, event_id, type, data, metadata, created_at
         FROM events WHERE position ${comparison} ? AND ${USER_EVENT_SQL} AND ${predicate.sql}
         ORDER BY position ${order} LIMIT ?`,
      );
      this.reads.set(key, statement);
    }
    return statement.all(from, ...predicate.params, limit);
  }

  /**
   * A page of every user event after `after` (exclusive), those the filter skips without their
   * data, so a subscription can count them for checkpoints without parsing them.
   */
  subscriptionPage(predicate: SqlPredicate, after: number, limit: number): SubscriptionRow[] {
    let statement = this.subscriptionPages.get(predicate.sql);
    if (statement === undefined) {
      statement = this.db.prepare<unknown[], SubscriptionRow>(
        `SELECT position, stream_name, revision, event_id, type,
           CASE WHEN ${predicate.sql} THEN data END AS data, metadata, created_at
         FROM events WHERE position > ? AND ${USER_EVENT_SQL}
         ORDER BY position LIMIT ?`,
      );
      this.subscriptionPages.set(predicate.sql, statement);
    }
    return statement.all(...predicate.params, after, limit);
  }
}
