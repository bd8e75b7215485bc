import {
  AccessDeniedError,
  InvalidArgumentError,
  UnsupportedError,
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';
import type {
  SubscribeToAllOptions,
  Subscription,
  SubscriptionMessage,
} from '@agent-ledger/event-store';
import { EventStoreDbAdapterError } from './eventstoredb-adapter-error';
import { followClientSubscription, type FollowedSubscription } from './follow-client-subscription';
import { isSystemEvent } from './is-system-event';
import { MessageQueue } from './message-queue';
import { positionFromClient } from './position-from-client';
import { readLogHead } from './read-log-head';
import { resubscribeDelay, type BackoffSettings } from './resubscribe-delay';
import { toRecordedEvent } from './to-recorded-event';

/** Where the adapter says that a subscription dropped and when it resubscribes. */
export interface SubscriptionLogger {
  warn(message: string): void;
}

export interface ResumeSettings extends BackoffSettings {
  logger: SubscriptionLogger;
}

/** A subscription, and when it has fixed its start (a `'end'` start reads the head first). */
export interface StartingSubscription {
  subscription: Subscription;
  started: Promise<void>;
}

/** Above this many undelivered messages the server stream is paused, below the second resumed. */
const PAUSE_AT = 512;
const RESUME_AT = 128;

/**
 * A catch-up subscription to `$all` that survives drops. It remembers the last position the
 * server showed it (an event, hidden system events included, or a checkpoint: EventStoreDB's
 * checkpoints are positions it has already considered) and, when the call fails with anything
 * transient (unavailable, cancelled by the server, not leader, deadline, or a plain end), logs
 * it and resubscribes after that position (start positions are exclusive) with exponential
 * backoff. Nothing is skipped; anything at or before the last position is dropped, so nothing
 * is delivered twice.
 *
 * To the port's rules: `caughtUp` comes once (a resubscription's catch-up is not announced
 * again), with the last position read; a checkpoint is only given past the last event, and the
 * server's checkpoint that closes its catch-up is folded into `caughtUp` instead of preceding it.
 */
export function subscribeToAllWithResume(
  client: EventStoreDBClient,
  options: SubscribeToAllOptions,
  settings: ResumeSettings,
): StartingSubscription {
  let closed = false;
  let current: FollowedSubscription | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let lastPosition = typeof options.fromPosition === 'number' ? options.fromPosition : undefined;
  let caughtUp = false;
  let heldCheckpoint: number | undefined;

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    const following = current;
    current = undefined;
    queue.end();
    await following?.stop();
  };
  const queue = new MessageQueue<SubscriptionMessage>(close, (size) => {
    if (size >= PAUSE_AT) current?.pause();
    else if (size <= RESUME_AT) current?.resume();
  });
  const fail = (error: unknown): void => {
    const following = current;
    current = undefined;
    void following?.stop();
    queue.fail(error);
  };
  const flushHeldCheckpoint = (): void => {
    if (heldCheckpoint === undefined) return;
    queue.push({ kind: 'checkpoint', position: heldCheckpoint });
    heldCheckpoint = undefined;
  };

  const onEvent = (resolved: AllStreamResolvedEvent): void => {
    const event = toRecordedEvent(resolved);
    if (event === undefined) return;
    if (lastPosition !== undefined && event.position <= lastPosition) return;
    flushHeldCheckpoint();
    lastPosition = event.position;
    attempt = 0;
    if (!isSystemEvent(event)) queue.push({ kind: 'event', event });
  };
  const onCheckpoint = (position: Position): void => {
    const reached = positionFromClient(position, 'a checkpoint');
    if (lastPosition !== undefined && reached <= lastPosition) return;
    lastPosition = reached;
    if (caughtUp) {
      queue.push({ kind: 'checkpoint', position: reached });
      return;
    }
    flushHeldCheckpoint();
    heldCheckpoint = reached;
  };
  const onCaughtUp = (): void => {
    attempt = 0;
    heldCheckpoint = undefined;
    if (caughtUp) return;
    caughtUp = true;
    queue.push({ kind: 'caughtUp', position: lastPosition ?? null });
  };
  const onStop = (error: unknown): void => {
    if (closed) return;
    current = undefined;
    if (!isTransient(error)) {
      queue.fail(error);
      return;
    }
    attempt += 1;
    const delay = resubscribeDelay(attempt, settings);
    settings.logger.warn(
      `EventStoreDB subscription to $all dropped (${describe(error)}); resubscribing after position ${lastPosition ?? 'start'} in ${delay} ms (attempt ${attempt}).`,
    );
    timer = setTimeout(connect, delay);
  };
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): void => {
      try {
        handler(...args);
      } catch (error) {
        fail(error);
      }
    };

  function connect(): void {
    timer = undefined;
    if (closed) return;
    current = followClientSubscription(
      client,
      {
        after: lastPosition,
        filter: options.filter,
        checkpointInterval: options.checkpointInterval,
      },
      {
        onEvent: guarded(onEvent),
        onCheckpoint: guarded(onCheckpoint),
        onCaughtUp: guarded(onCaughtUp),
        onStop,
      },
    );
  }

  const started = (async () => {
    if (options.fromPosition === 'end') lastPosition = (await readLogHead(client)) ?? undefined;
    connect();
  })().catch((error: unknown) => queue.fail(error));

  return {
    subscription: { [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](), close },
    started,
  };
}

function isTransient(error: unknown): boolean {
  return !(
    error instanceof AccessDeniedError ||
    error instanceof InvalidArgumentError ||
    error instanceof UnsupportedError ||
    error instanceof EventStoreDbAdapterError
  );
}

function describe(error: unknown): string {
  if (error === undefined) return 'the server ended the call';
  return error instanceof Error ? error.message : JSON.stringify(error);
}
