import type Database from 'better-sqlite3';
import type { Direction } from '../event-store';
import type { EventRow } from './event-row';
import type { SqlPredicate } from './filter-to-sql';
import { USER_EVENT_SQL } from './schema';

/** A subscription's row: `data` is `null` when the filter skipped the event. */
export type SubscriptionRow = Omit<EventRow, 'data'> & { data: string | null };

/** A stream `$all` shows, and the position of its first event there. */
export interface StreamInAllRow {
  stream_name: string;
  first_position: number;
}

type RowStatement<R> = Database.Statement<unknown[], R>;

/**
 * Statements over `$all`, one per filter shape, prepared on first use and kept: a filter's SQL
 * depends only on its kind and number of prefixes, so the cache stays small.
 */
export class AllStatements {
  private readonly reads = new Map<string, RowStatement<EventRow>>();
  private readonly subscriptionPages = new Map<string, RowStatement<SubscriptionRow>>();
  private readonly streamLists = new Map<string, RowStatement<StreamInAllRow>>();

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
   * The streams with a user event matching `predicate` at or before `toPosition`, with the
   * position of the first such event, in that position's order. One query over
   * `events_by_stream`, reading no event's data: the distinct stream names are found by one index
   * seek each (a skip scan), and each stream's first matching event by walking that stream's
   * index entries in revision order, looking up its row only for the event's type. Revision order
   * is position order within a stream (each append takes the next revision and the next
   * position in one transaction), so the first by revision is the first in `$all`.
   *
   * `on` says which column `predicate` reads: a stream-name predicate is tested once per stream,
   * an event-type one per event walked (in the stream's subquery).
   */
  streamsInAll(
    predicate: SqlPredicate,
    on: 'streamName' | 'eventType',
    toPosition: number,
  ): StreamInAllRow[] {
    const key = `${on} ${predicate.sql}`;
    let statement = this.streamLists.get(key);
    if (statement === undefined) {
      const [streamTest, eventTest] =
        on === 'streamName' ? [predicate.sql, '1'] : ['1', predicate.sql];
      statement = this.db.prepare<unknown[], StreamInAllRow>(
        `WITH RECURSIVE streams(stream_name) AS (
           SELECT min(stream_name) FROM events
           UNION ALL
           SELECT (SELECT min(stream_name) FROM events WHERE stream_name > streams.stream_name)
           FROM streams WHERE streams.stream_name IS NOT NULL
         ),
         firsts(stream_name, first_position) AS MATERIALIZED (
           SELECT streams.stream_name, (
             SELECT position FROM events
             WHERE events.stream_name = streams.stream_name AND position <= ?
               AND ${USER_EVENT_SQL} AND ${eventTest}
             ORDER BY revision LIMIT 1
           )
           FROM streams WHERE streams.stream_name IS NOT NULL AND ${streamTest}
         )
         SELECT stream_name, first_position FROM firsts
         WHERE first_position IS NOT NULL
         ORDER BY first_position`,
      );
      this.streamLists.set(key, statement);
    }
    // The subquery's bound comes first in the text, then the predicate wherever it sits.
    return statement.all(toPosition, ...predicate.params);
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
