import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventStore, Subscription, SubscriptionMessage } from '../event-store';
import { brief, collect, newEvent, newEvents, uniquePrefix } from './contract-helpers';

/** Reads messages until `isLast` says so, then closes the subscription. */
async function takeUntil(
  subscription: Subscription,
  isLast: (message: SubscriptionMessage) => boolean,
  onMessage: (message: SubscriptionMessage) => Promise<void> | void = () => undefined,
): Promise<SubscriptionMessage[]> {
  const messages: SubscriptionMessage[] = [];
  for await (const message of subscription) {
    messages.push(message);
    await onMessage(message);
    if (isLast(message)) break;
  }
  await subscription.close();
  return messages;
}

function label(message: SubscriptionMessage): string {
  switch (message.kind) {
    case 'event':
      return `${message.event.type}:${message.event.id}`;
    case 'caughtUp':
      return 'caughtUp';
    case 'checkpoint':
      return 'checkpoint';
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

const isEventOfType = (type: string) => (message: SubscriptionMessage) =>
  message.kind === 'event' && message.event.type === type;

/** Catch-up subscriptions to `$all`: history, the seam, live events, checkpoints. */
export function describeSubscriptionContract(store: () => EventStore): void {
  describe('subscribeToAll', () => {
    it('delivers every event exactly once, in $all order, while appends run', async () => {
      const prefix = uniquePrefix();
      const filter = { on: 'streamName' as const, prefixes: [prefix] };
      for (let index = 0; index < 40; index += 1) {
        await store().append(`${prefix}-history-${index % 3}`, newEvents('Old', 10));
      }
      const subscription = store().subscribeToAll({ filter });
      const appending = (async () => {
        for (let index = 0; index < 60; index += 1) {
          await store().append(`${prefix}-live-${index % 4}`, newEvents('New', 2));
          if (index % 3 === 0) await nextTurn();
        }
        await store().append(`${prefix}-end`, [newEvent('End')]);
      })();
      const messages = await takeUntil(subscription, isEventOfType('End'));
      await appending;
      const all = await collect(store().readAll({ filter }));
      const delivered = messages.filter((message) => message.kind === 'event').map(label);
      expect(delivered).toEqual(all.map((event) => `${event.type}:${event.id}`));
      expect(all).toHaveLength(400 + 120 + 1);
      const caughtUp = messages.map(label).indexOf('caughtUp');
      expect(messages.filter((message) => message.kind === 'caughtUp')).toHaveLength(1);
      expect(messages.slice(0, caughtUp).filter(isEventOfType('Old'))).toHaveLength(400);
    });

    it('misses nothing appended right at the seam, as it reports caughtUp', async () => {
      const prefix = uniquePrefix();
      const history = newEvents('Old', 3);
      await store().append(`${prefix}-a`, history);
      const seam = newEvents('Seam', 3);
      const subscription = store().subscribeToAll({
        filter: { on: 'streamName', prefixes: [prefix] },
      });
      const messages = await takeUntil(subscription, isEventOfType('End'), async (message) => {
        if (message.kind !== 'caughtUp') return;
        await store().append(`${prefix}-a`, seam);
        await store().append(`${prefix}-b`, [newEvent('End')]);
      });
      expect(messages.map((message) => message.kind)).toEqual([
        'event',
        'event',
        'event',
        'caughtUp',
        'event',
        'event',
        'event',
        'event',
      ]);
      const ids = messages.flatMap((message) =>
        message.kind === 'event' ? [message.event.id] : [],
      );
      expect(ids.slice(0, 6)).toEqual([...history, ...seam].map((event) => event.id));
    });

    it('starts after its position (exclusive)', async () => {
      const prefix = uniquePrefix();
      const events = newEvents('Counted', 3);
      const results = [];
      for (const event of events) results.push(await store().append(`${prefix}-a`, [event]));
      const subscription = store().subscribeToAll({
        fromPosition: results[0]!.position,
        filter: { on: 'streamName', prefixes: [prefix] },
      });
      const messages = await takeUntil(subscription, (message) => message.kind === 'caughtUp');
      expect(messages.map(brief)).toEqual([
        { kind: 'event', id: events[1]!.id, position: results[1]!.position },
        { kind: 'event', id: events[2]!.id, position: results[2]!.position },
        { kind: 'caughtUp', position: results[2]!.position },
      ]);
    });

    it("from 'end' delivers only what is appended after subscribing", async () => {
      const prefix = uniquePrefix();
      await store().append(`${prefix}-a`, newEvents('Old', 2));
      const subscription = store().subscribeToAll({
        fromPosition: 'end',
        filter: { on: 'streamName', prefixes: [prefix] },
      });
      const live = newEvent('New');
      await store().append(`${prefix}-a`, [live]);
      const messages = await takeUntil(subscription, isEventOfType('New'));
      const events = messages.flatMap((message) =>
        message.kind === 'event' ? [message.event.id] : [],
      );
      expect(events).toEqual([live.id]);
    });

    it('gives checkpoints through a long filtered-out stretch', async () => {
      const prefix = uniquePrefix();
      const start = await store().append(`${prefix}-setup`, [newEvent('Setup')]);
      const skipped = [];
      for (let index = 0; index < 10; index += 1) {
        skipped.push(await store().append(`${prefix}-other`, [newEvent('Other')]));
      }
      const wantedEvent = newEvent('Wanted');
      const wanted = await store().append(`${prefix}-wanted`, [wantedEvent]);
      const subscription = store().subscribeToAll({
        fromPosition: start.position,
        filter: { on: 'streamName', prefixes: [`${prefix}-wanted`] },
        checkpointInterval: 3,
      });
      const messages = await takeUntil(subscription, isEventOfType('Wanted'));
      const checkpoints = messages.flatMap((message) =>
        message.kind === 'checkpoint' ? [message.position] : [],
      );
      expect(checkpoints.length).toBeGreaterThan(0);
      expect(checkpoints).toEqual([...checkpoints].sort((a, b) => a - b));
      for (const position of checkpoints) {
        expect(position).toBeGreaterThan(start.position);
        expect(position).toBeLessThanOrEqual(skipped.at(-1)!.position);
      }
      expect(messages.map(brief).at(-1)).toEqual({
        kind: 'event',
        id: wantedEvent.id,
        position: wanted.position,
      });
    });

    it('ends its iteration when closed while waiting for live events', async () => {
      const prefix = uniquePrefix();
      const subscription = store().subscribeToAll({
        fromPosition: 'end',
        filter: { on: 'streamName', prefixes: [prefix] },
      });
      const messages: SubscriptionMessage[] = [];
      for await (const message of subscription) {
        messages.push(message);
        if (message.kind === 'caughtUp') setTimeout(() => void subscription.close(), 10);
      }
      expect(messages.map((message) => message.kind)).toEqual(['caughtUp']);
    });
  });
}
