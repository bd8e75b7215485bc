import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SubscribeToAllOptions, Subscription, SubscriptionMessage } from '../event-store';
import type { AllStatements, SubscriptionRow } from './all-statements';
import type { AppendNotifier } from './append-notifier';
import { toRecordedEvent } from './event-row';
import { filterToSql } from './filter-to-sql';

/** What a subscription needs from its store. */
export interface SubscriptionContext {
  statements: AllStatements;
  notifier: AppendNotifier;
  pageSize: number;
  pollIntervalMs: number;
  /** Last position of any record, for a subscription from `'end'`. */
  lastPosition: () => number;
  onClose: (subscription: SqliteSubscription) => void;
}

/**
 * A catch-up subscription to `$all`. History and live events come from one query, "events after
 * the last position delivered", repeated: first page by page until a page comes back short
 * (`caughtUp`), then whenever this store commits an append or every `pollIntervalMs` (appends
 * by other processes). Positions are assigned inside the single writer's transaction, so a
 * reader never sees a later position before an earlier one: no gap, no duplicate, no seam.
 */
export class SqliteSubscription implements Subscription {
  private closed = false;
  private started = false;
  /** Exclusive start, fixed when subscribing (so `'end'` means the end at that moment). */
  private readonly from: number;

  constructor(
    private readonly context: SubscriptionContext,
    private readonly options: SubscribeToAllOptions,
  ) {
    filterToSql(options.filter);
    const interval = options.checkpointInterval;
    if (interval !== undefined && !(Number.isInteger(interval) && interval > 0)) {
      throw new RangeError(`checkpointInterval ${interval} must be a positive integer.`);
    }
    const from = options.fromPosition;
    this.from =
      from === undefined || from === 'start' ? 0 : from === 'end' ? context.lastPosition() : from;
  }

  [Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
    if (this.started) throw new Error('A subscription can be iterated once; subscribe again.');
    this.started = true;
    return this.messages();
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.context.notifier.wakeAll();
      this.context.onClose(this);
    }
    return Promise.resolve();
  }

  private async *messages(): AsyncGenerator<SubscriptionMessage, void, undefined> {
    const { statements, notifier, pageSize, pollIntervalMs } = this.context;
    const predicate = filterToSql(this.options.filter);
    const checkpointInterval = this.options.checkpointInterval ?? Number.POSITIVE_INFINITY;
    let after = this.from;
    let skipped = 0;
    let caughtUp = false;
    try {
      while (!this.closed) {
        const seenVersion = notifier.version;
        const rows = statements.subscriptionPage(predicate, after, pageSize);
        for (const row of rows) {
          after = row.position;
          const message = toMessage(row);
          if (message === undefined) {
            skipped += 1;
            if (skipped < checkpointInterval) continue;
            skipped = 0;
            yield { kind: 'checkpoint', position: row.position };
          } else {
            skipped = 0;
            yield message;
          }
          if (this.closed) return;
        }
        if (rows.length === pageSize) {
          await nextTurn();
          continue;
        }
        if (!caughtUp) {
          caughtUp = true;
          yield { kind: 'caughtUp', position: after > 0 ? after : null };
          if (this.closed) return;
        }
        await notifier.waitFor(seenVersion, pollIntervalMs);
      }
    } finally {
      await this.close();
    }
  }
}

function toMessage(row: SubscriptionRow): SubscriptionMessage | undefined {
  const { data } = row;
  if (data === null) return undefined;
  return { kind: 'event', event: toRecordedEvent({ ...row, data }) };
}
