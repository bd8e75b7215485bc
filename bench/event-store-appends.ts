import { SqliteEventStore } from '@agent-ledger/event-store';
import { loadEmmettSqlite } from './emmett-sqlite-peer';
import { SIZES, batches, type Batch, type BenchContext, type Row } from './event-store-context';
import { median, ratePerSecond } from './measure';
import { RawSqliteFloor } from './raw-sqlite-floor';

type Synchronous = 'full' | 'normal';

async function storeAppends(context: BenchContext, work: Batch[], synchronous: Synchronous) {
  const store = new SqliteEventStore({ path: context.newFile(), synchronous });
  const revisions = new Map<string, number>();
  const rate = await ratePerSecond(async () => {
    for (const [streamName, events] of work) {
      const expectedRevision = revisions.get(streamName) ?? 'no_stream';
      const result = await store.append(streamName, events, { expectedRevision });
      revisions.set(streamName, result.nextExpectedRevision);
    }
    return work.length;
  });
  await store.close();
  return rate;
}

async function floorAppends(context: BenchContext, work: Batch[], synchronous: Synchronous) {
  const floor = new RawSqliteFloor(context.newFile(), synchronous);
  const next = new Map<string, number>();
  const rate = await ratePerSecond(() => {
    for (const [streamName, events] of work) {
      const firstRevision = next.get(streamName) ?? 0;
      floor.append(streamName, firstRevision, events);
      next.set(streamName, firstRevision + events.length);
    }
    return work.length;
  });
  floor.close();
  return rate;
}

function peerAppends(context: BenchContext, work: Batch[]): Promise<number | undefined> {
  return context.withPeerRetries(async () => {
    const loaded = loadEmmettSqlite(context.newFile());
    if (!('peer' in loaded)) throw new Error(loaded.unavailable);
    return ratePerSecond(async () => {
      for (const [streamName, events] of work) await loaded.peer.append(streamName, events);
      return work.length;
    });
  });
}

/**
 * Appends per second with `eventsPerAppend` events per append: the floor, the store and (at
 * FULL) the peer take turns on fresh files, after one warm-up each; medians of the rounds.
 */
export async function measureAppends(
  context: BenchContext,
  eventsPerAppend: 1 | 10,
  synchronous: Synchronous,
): Promise<Row> {
  const withPeer = synchronous === 'full';
  const rates = { floor: [] as number[], store: [] as number[], peer: [] as number[] };
  await floorAppends(context, batches(200, eventsPerAppend), synchronous);
  await storeAppends(context, batches(200, eventsPerAppend), synchronous);
  for (let round = 0; round < SIZES.rounds; round += 1) {
    const work = batches(SIZES.appends[eventsPerAppend], eventsPerAppend);
    rates.floor.push(await floorAppends(context, work, synchronous));
    rates.store.push(await storeAppends(context, work, synchronous));
    const peer = withPeer
      ? await peerAppends(context, work.slice(0, SIZES.peerAppends))
      : undefined;
    if (peer !== undefined) rates.peer.push(peer);
  }
  const events = eventsPerAppend === 1 ? '1 event' : '10 events (an agent turn)';
  return {
    scenario: `append ${events}, synchronous=${synchronous.toUpperCase()}`,
    unit: 'appends/s',
    floor: median(rates.floor),
    store: median(rates.store),
    ...(rates.peer.length > 0 ? { peer: median(rates.peer) } : {}),
  };
}
