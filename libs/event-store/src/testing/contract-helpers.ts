import { randomUUID } from 'node:crypto';
import type {
  EventPayloadValidator,
  EventStore,
  EventToAppend,
  RecordedEvent,
  SubscriptionMessage,
} from '../event-store';
import type { EventStoreContractFactory, EventStoreContractFixture } from './event-store-contract';

/**
 * The contract's validator: every event's data must be an object, and a `Checked` event's `text`
 * a string. Stores are built with it in every contract test.
 */
export const contractValidator: EventPayloadValidator = (event) => {
  const { data } = event;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return ['data must be an object'];
  }
  if (event.type === 'Checked' && !('text' in data && typeof data.text === 'string')) {
    return ['/text must be a string'];
  }
  return [];
};

/** Registers a fresh store per test; the returned getter gives the current test's store. */
export function useContractStore(factory: EventStoreContractFactory): () => EventStore {
  let fixture: EventStoreContractFixture | undefined;
  beforeEach(async () => {
    fixture = await factory({ validatePayload: contractValidator });
  });
  afterEach(async () => {
    await fixture?.cleanup();
    fixture = undefined;
  });
  return () => {
    if (fixture === undefined) throw new Error('The contract store is used outside a test.');
    return fixture.store;
  };
}

/** A stream-name prefix no other test uses. */
export function uniquePrefix(): string {
  return `t${randomUUID().replaceAll('-', '')}`;
}

/** An event with a fresh id. */
export function newEvent(type: string, data: Record<string, unknown> = {}): EventToAppend {
  return { id: randomUUID(), type, data };
}

/** `count` events of one type, numbered in their data. */
export function newEvents(type: string, count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

/** Everything an async iterable yields. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

/** A recorded event without its position and time, for whole-value comparisons. */
export function summary(event: RecordedEvent): Omit<RecordedEvent, 'position' | 'createdAt'> {
  const { position: _position, createdAt: _createdAt, ...rest } = event;
  return rest;
}

/** What `summary` gives for `event` appended at `revision` of `streamName`. */
export function expected(
  streamName: string,
  revision: number,
  event: EventToAppend,
): Omit<RecordedEvent, 'position' | 'createdAt'> {
  return {
    streamName,
    revision,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
  };
}

/** `summary` of `events` appended in order from `firstRevision`. */
export function expectedRun(
  streamName: string,
  firstRevision: number,
  events: readonly EventToAppend[],
): Omit<RecordedEvent, 'position' | 'createdAt'>[] {
  return events.map((event, index) => expected(streamName, firstRevision + index, event));
}

/** The rejection of `promise`, failing the test if it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected a rejection, but the promise fulfilled.');
}

/** A message with its event reduced to id and position, for whole-value comparisons. */
export function brief(
  message: SubscriptionMessage,
):
  | { kind: 'event'; id: string; position: number }
  | Exclude<SubscriptionMessage, { kind: 'event' }> {
  return message.kind === 'event'
    ? { kind: 'event', id: message.event.id, position: message.event.position }
    : message;
}
