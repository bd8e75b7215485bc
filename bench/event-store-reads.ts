import { SqliteEventStore, type EventToAppend } from '@agent-ledger/event-store';
import { loadEmmettSqlite, type EmmettSqlitePeer } from './emmett-sqlite-peer';
import { SIZES, batches, type BenchContext, type Row } from './event-store-context';
import { median, ratePerSecond, type Work } from './measure';
import { RawSqliteFloor } from './raw-sqlite-floor';
import { sampleEvent } from './sample-event';

function longStreamBatches(size: number): EventToAppend[][] {
  return Array.from({ length: SIZES.longStream / size }, (_, batch) =>
    Array.from({ length: size }, (_, index) => sampleEvent('long', batch * size + index)),
  );
}

/** The read data set: one long stream, and other streams to make `$all` longer. */
async function fillStore(path: string): Promise<void> {
  const store = new SqliteEventStore({ path, synchronous: 'normal' });
  for (const events of longStreamBatches(100)) await store.append('session-long', events);
  for (const [streamName, events] of batches(SIZES.otherEvents / 10, 10)) {
    await store.append(streamName, events);
  }
  await store.close();
}

/**
 * The same data set in the peer's own file, in appends of 50. A failed append leaves the peer's
 * connection unusable (see `BenchContext`), so a failed fill starts over on a fresh file.
 */
function fillPeer(context: BenchContext): Promise<EmmettSqlitePeer | undefined> {
  return context.withPeerRetries(async () => {
    const loaded = loadEmmettSqlite(context.newFile());
    if (!('peer' in loaded)) throw new Error(loaded.unavailable);
    const { peer } = loaded;
    for (const events of longStreamBatches(50)) await peer.append('session-long', events);
    for (const [streamName, events] of batches(SIZES.otherEvents / 50, 50)) {
      await peer.append(streamName, events);
    }
    return peer;
  });
}

async function countEvents(events: AsyncIterable<{ revision: number } & object>): Promise<number> {
  let count = 0;
  for await (const event of events) count += event.revision >= 0 ? 1 : 0;
  return count;
}

/**
 * Events per second reading the long stream and `$all`: the floor and the store read the same
 * file, the peer its own; one warm-up round, then medians of the rounds.
 */
export async function measureReads(context: BenchContext): Promise<Row[]> {
  const path = context.newFile();
  await fillStore(path);
  const peer = await fillPeer(context);
  const floor = new RawSqliteFloor(path, 'full');
  const store = new SqliteEventStore({ path });
  const scenarios: { scenario: string; floor: Work; store: Work; peer?: Work }[] = [
    {
      scenario: `read a stream of ${SIZES.longStream.toLocaleString('en')} events`,
      floor: () => floor.readStream('session-long'),
      store: () => countEvents(store.readStream('session-long')),
      ...(peer === undefined ? {} : { peer: () => peer.readStream('session-long') }),
    },
    {
      scenario: `read $all (${(SIZES.longStream + SIZES.otherEvents).toLocaleString('en')} events)`,
      floor: () => floor.readAll(),
      store: () => countEvents(store.readAll()),
      ...(peer === undefined ? {} : { peer: () => peer.readAll() }),
    },
  ];
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const rates = { floor: [] as number[], store: [] as number[], peer: [] as number[] };
    for (let round = 0; round <= SIZES.rounds; round += 1) {
      const floorRate = await ratePerSecond(scenario.floor);
      const storeRate = await ratePerSecond(scenario.store);
      const { peer: peerWork } = scenario;
      const peerRate =
        peerWork === undefined
          ? undefined
          : await context.withPeerRetries(() => ratePerSecond(peerWork));
      if (round === 0) continue;
      rates.floor.push(floorRate);
      rates.store.push(storeRate);
      if (peerRate !== undefined) rates.peer.push(peerRate);
    }
    rows.push({
      scenario: scenario.scenario,
      unit: 'events/s',
      floor: median(rates.floor),
      store: median(rates.store),
      ...(rates.peer.length > 0 ? { peer: median(rates.peer) } : {}),
    });
  }
  floor.close();
  await store.close();
  return rows;
}
