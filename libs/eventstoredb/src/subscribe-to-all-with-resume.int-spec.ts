import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  EventFilter,
  EventToAppend,
  Subscription,
  SubscriptionMessage,
} from '@agent-ledger/event-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { startEsdbEmulator, type EsdbEmulator } from './testing';

const events = (type: string, count: number): EventToAppend[] =>
  Array.from({ length: count }, (_, index) => ({ id: randomUUID(), type, data: { index } }));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

describe('a subscription the server drops', () => {
  let emulator: EsdbEmulator;
  let store: EventStoreDbEventStore;
  let warnings: string[];
  const orders: EventFilter = { on: 'streamName', prefixes: ['order-'] };

  beforeEach(async () => {
    emulator = await startEsdbEmulator({ recordsPerTurn: 8 });
    warnings = [];
    store = new EventStoreDbEventStore({
      connectionString: emulator.connectionString,
      logger: { warn: (message) => warnings.push(message) },
      resubscribeInitialDelayMs: 1,
      resubscribeMaxDelayMs: 20,
    });
  });
  afterEach(async () => {
    await store.close();
    await emulator.close();
  });

  it('resumes in the middle of its catch-up and when live, under concurrent appends, delivering every event exactly once', async () => {
    for (let index = 0; index < 20; index += 1) {
      await store.append(`order-${index % 4}`, events('Old', 10));
    }
    emulator.planSubscriptionDrop(50);
    const subscription = store.subscribeToAll({ filter: orders });
    let liveDrops = 0;
    let droppedLive: () => void = () => undefined;
    const liveDropped = new Promise<void>((resolve) => (droppedLive = resolve));
    const appending = (async () => {
      for (let index = 0; index < 30; index += 1) {
        await store.append(`order-live-${index % 3}`, events('New', 2));
        await nextTurn();
      }
      // The last event goes in after the live drop, so only a resumed subscription can bring it.
      await liveDropped;
      await store.append('order-end', events('End', 1));
    })();
    const delivered: string[] = [];
    const kinds: SubscriptionMessage['kind'][] = [];
    for await (const message of subscription) {
      kinds.push(message.kind);
      if (message.kind === 'caughtUp') {
        liveDrops = emulator.dropSubscriptions();
        droppedLive();
      }
      if (message.kind !== 'event') continue;
      delivered.push(message.event.id);
      if (message.event.type === 'End') break;
    }
    await subscription.close();
    await appending;

    const all = await collect(store.readAll({ filter: orders }));
    expect(all).toHaveLength(200 + 60 + 1);
    expect(delivered).toEqual(all.map((event) => event.id));
    expect(kinds.filter((kind) => kind === 'caughtUp')).toHaveLength(1);
    expect(liveDrops).toBe(1);
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) {
      expect(warning).toMatch(
        /^EventStoreDB subscription to \$all dropped \(14 UNAVAILABLE: Subscription dropped by the emulator\.\); resubscribing after position \d+ in \d+ ms \(attempt 1\)\.$/,
      );
    }
  });

  it("subscribed from 'end', resumes from the head it started at, not from the start", async () => {
    await store.append('order-1', events('Old', 5));
    const subscription = store.subscribeToAll({ fromPosition: 'end', filter: orders });
    const messages = await takeUntil(subscription, async (message) => {
      if (message.kind !== 'caughtUp') return message.kind === 'event';
      emulator.dropSubscriptions();
      await store.append('order-1', events('New', 1));
      return false;
    });
    expect(
      messages.map((message) => (message.kind === 'event' ? message.event.type : message.kind)),
    ).toEqual(['caughtUp', 'New']);
    expect(warnings).toHaveLength(1);
  });

  it('keeps checkpoints increasing across a resume, and delivers the wanted event once', async () => {
    const start = await store.append('order-setup', events('Setup', 1));
    for (let index = 0; index < 40; index += 1) await store.append('other-1', events('Other', 1));
    const wanted = await store.append('order-wanted', events('Wanted', 1));
    const subscription = store.subscribeToAll({
      fromPosition: start.position,
      filter: orders,
      checkpointInterval: 4,
    });
    let dropped = false;
    const messages = await takeUntil(subscription, (message) => {
      if (message.kind === 'checkpoint' && !dropped) dropped = emulator.dropSubscriptions() === 1;
      return message.kind === 'caughtUp';
    });
    const checkpoints = messages.flatMap((message) =>
      message.kind === 'checkpoint' ? [message.position] : [],
    );
    expect(dropped).toBe(true);
    expect(checkpoints.length).toBeGreaterThan(1);
    expect(checkpoints).toEqual([...new Set(checkpoints)].sort((a, b) => a - b));
    const delivered = messages.flatMap((message) =>
      message.kind === 'event' ? [message.event.position] : [],
    );
    expect(delivered).toEqual([wanted.position]);
    expect(messages.at(-1)).toEqual({ kind: 'caughtUp', position: wanted.position });
  });
});

/** Reads until `isLast` says so, then closes the subscription. */
async function takeUntil(
  subscription: Subscription,
  isLast: (message: SubscriptionMessage) => boolean | Promise<boolean>,
): Promise<SubscriptionMessage[]> {
  const messages: SubscriptionMessage[] = [];
  for await (const message of subscription) {
    messages.push(message);
    if (await isLast(message)) break;
  }
  await subscription.close();
  return messages;
}
