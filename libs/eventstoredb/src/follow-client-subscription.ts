import {
  START,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';
import type { EventFilter } from '@agent-ledger/event-store';
import { toClientFilter } from './to-client-filter';
import { toClientPosition } from './to-client-position';

/** What one client subscription reports, in the server's order. */
export interface SubscriptionHandlers {
  onEvent(resolved: AllStreamResolvedEvent): void;
  onCheckpoint(position: Position): void;
  onCaughtUp(): void;
  /** The call ended: with an error, or `undefined` when the server just closed it. */
  onStop(error: unknown): void;
}

export interface FollowOptions {
  /** Exclusive; `undefined` for the start of `$all`. */
  after: number | undefined;
  filter: EventFilter | undefined;
  checkpointInterval: number | undefined;
}

/** A followed client subscription; `stop` detaches the handlers and cancels the call. */
export interface FollowedSubscription {
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * Subscribes to `$all` through the client and reports what arrives in the server's order. The
 * client emits caught-up and checkpoints as side events while events wait in its stream buffer,
 * so each such signal is held until exactly the events transformed before it (delivered plus
 * buffered at the time of the signal) have been handed to `onEvent`.
 */
export function followClientSubscription(
  client: EventStoreDBClient,
  options: FollowOptions,
  handlers: SubscriptionHandlers,
): FollowedSubscription {
  let delivered = 0;
  let stopped = false;
  const signals: Array<{ after: number; apply: () => void }> = [];
  const place = (apply: () => void): void => {
    const after = delivered + subscription.readableLength;
    if (after <= delivered) apply();
    else signals.push({ after, apply });
  };
  const filter =
    options.filter === undefined
      ? undefined
      : toClientFilter(options.filter, options.checkpointInterval, (position) =>
          place(() => handlers.onCheckpoint(position)),
        );
  const subscription: AllStreamSubscription = client.subscribeToAll({
    fromPosition: options.after === undefined ? START : toClientPosition(options.after),
    ...(filter === undefined ? {} : { filter }),
  });
  subscription.on('data', (resolved: AllStreamResolvedEvent) => {
    delivered += 1;
    handlers.onEvent(resolved);
    while (!stopped && signals[0] !== undefined && signals[0].after <= delivered) {
      signals.shift()?.apply();
    }
  });
  subscription.on('caughtUp', () => place(() => handlers.onCaughtUp()));
  const end = (error: unknown): void => {
    if (stopped) return;
    void stop();
    handlers.onStop(error);
  };
  subscription.on('error', end);
  subscription.on('end', () => end(undefined));

  const stop = async (): Promise<void> => {
    stopped = true;
    signals.length = 0;
    for (const event of ['data', 'end', 'caughtUp', 'error'])
      subscription.removeAllListeners(event);
    subscription.on('error', () => undefined);
    await subscription.unsubscribe().catch(() => undefined);
  };
  return {
    pause: () => subscription.pause(),
    resume: () => {
      if (subscription.isPaused()) subscription.resume();
    },
    stop,
  };
}
