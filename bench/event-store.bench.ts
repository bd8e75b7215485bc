/**
 * The event-store benchmark (`npm run bench`): appends per second with 1 and 10 events per
 * append, events per second reading a long stream and reading `$all`, for the embedded
 * `SqliteEventStore`, beside raw better-sqlite3 doing the same storage work (the floor) and
 * beside `@event-driven-io/emmett-sqlite` (the nearest peer) when it can be loaded. Medians of
 * several rounds, all in one run; prints the table and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore, type EventToAppend } from '@agent-ledger/event-store';
import { writeBenchmarkSection } from './benchmark-report';
import { loadEmmettSqlite } from './emmett-sqlite-peer';
import { median, ratePerSecond } from './measure';
import { RawSqliteFloor, consume } from './raw-sqlite-floor';
import { sampleEvent } from './sample-event';

const ROUNDS = 5;
const STREAMS = 100;
const APPENDS = { 1: 3000, 10: 2000 } as const;
const PEER_APPENDS = 300;
const LONG_STREAM = 20_000;
const OTHER_EVENTS = 40_000;

interface Row {
  scenario: string;
  unit: string;
  floor: number;
  store: number;
  peer?: number;
}

const folder = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
let files = 0;
const newFile = (): string => join(folder, `bench-${(files += 1)}.sqlite`);

function batches(appends: number, eventsPerAppend: number): [string, EventToAppend[]][] {
  return Array.from({ length: appends }, (_, index) => {
    const streamName = `session-${index % STREAMS}`;
    const events = Array.from({ length: eventsPerAppend }, (_, offset) =>
      sampleEvent(streamName, index * eventsPerAppend + offset),
    );
    return [streamName, events];
  });
}

async function storeAppends(
  work: [string, EventToAppend[]][],
  synchronous: 'full' | 'normal',
): Promise<number> {
  const store = new SqliteEventStore({ path: newFile(), synchronous });
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

async function floorAppends(
  work: [string, EventToAppend[]][],
  synchronous: 'full' | 'normal',
): Promise<number> {
  const floor = new RawSqliteFloor(newFile(), synchronous);
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

/**
 * emmett-sqlite 0.38.5 now and then fails an append with SQLITE_BUSY "cannot commit transaction -
 * SQL statements in progress" (its node-sqlite3 statements are not finalized before COMMIT), and
 * logs it. A failed run is retried from scratch on a fresh file, at most `PEER_TRIES` times.
 */
const PEER_TRIES = 3;
let peerFailures = 0;

async function withPeerRetries<T>(run: () => Promise<T>): Promise<T | undefined> {
  for (let attempt = 1; attempt <= PEER_TRIES; attempt += 1) {
    try {
      return await run();
    } catch {
      peerFailures += 1;
    }
  }
  return undefined;
}

async function peerAppends(work: [string, EventToAppend[]][]): Promise<number | undefined> {
  return withPeerRetries(async () => {
    const loaded = loadEmmettSqlite(newFile());
    if (!('peer' in loaded)) throw new Error(loaded.unavailable);
    return ratePerSecond(async () => {
      for (const [streamName, events] of work) await loaded.peer.append(streamName, events);
      return work.length;
    });
  });
}

async function appendRow(
  eventsPerAppend: 1 | 10,
  synchronous: 'full' | 'normal',
  withPeer: boolean,
): Promise<Row> {
  const rates: { floor: number[]; store: number[]; peer: number[] } = {
    floor: [],
    store: [],
    peer: [],
  };
  await floorAppends(batches(200, eventsPerAppend), synchronous);
  await storeAppends(batches(200, eventsPerAppend), synchronous);
  for (let round = 0; round < ROUNDS; round += 1) {
    const work = batches(APPENDS[eventsPerAppend], eventsPerAppend);
    rates.floor.push(await floorAppends(work, synchronous));
    rates.store.push(await storeAppends(work, synchronous));
    const peer = withPeer ? await peerAppends(work.slice(0, PEER_APPENDS)) : undefined;
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

async function fillStore(path: string): Promise<void> {
  const store = new SqliteEventStore({ path, synchronous: 'normal' });
  for (let revision = 0; revision < LONG_STREAM; revision += 100) {
    const events = Array.from({ length: 100 }, (_, index) => sampleEvent('long', revision + index));
    await store.append('session-long', events, {
      expectedRevision: revision - 1 < 0 ? 'no_stream' : revision - 1,
    });
  }
  for (const [streamName, events] of batches(OTHER_EVENTS / 10, 10)) {
    await store.append(streamName, events);
  }
  await store.close();
}

async function fillPeer(path: string): Promise<ReturnType<typeof loadEmmettSqlite>> {
  const loaded = loadEmmettSqlite(path);
  if (!('peer' in loaded)) return loaded;
  const { peer } = loaded;
  const append = async (streamName: string, events: EventToAppend[]): Promise<void> => {
    const appended = await withPeerRetries(() => peer.append(streamName, events).then(() => true));
    if (appended === undefined)
      throw new Error(`emmett-sqlite failed ${PEER_TRIES} times to append`);
  };
  for (let revision = 0; revision < LONG_STREAM; revision += 50) {
    const events = Array.from({ length: 50 }, (_, index) => sampleEvent('long', revision + index));
    await append('session-long', events);
  }
  for (const [streamName, events] of batches(OTHER_EVENTS / 50, 50))
    await append(streamName, events);
  return loaded;
}

async function readRows(): Promise<Row[]> {
  const path = newFile();
  await fillStore(path);
  const peer = await fillPeer(newFile());
  const floor = new RawSqliteFloor(path, 'full');
  const store = new SqliteEventStore({ path });
  const scenarios = [
    {
      scenario: `read a stream of ${LONG_STREAM.toLocaleString('en')} events`,
      floor: () => floor.readStream('session-long'),
      store: async () => {
        let count = 0;
        for await (const event of store.readStream('session-long')) count += consume(event);
        return count;
      },
      peer: 'peer' in peer ? () => peer.peer.readStream('session-long') : undefined,
    },
    {
      scenario: `read $all (${(LONG_STREAM + OTHER_EVENTS).toLocaleString('en')} events)`,
      floor: () => floor.readAll(),
      store: async () => {
        let count = 0;
        for await (const event of store.readAll()) count += consume(event);
        return count;
      },
      peer: 'peer' in peer ? () => peer.peer.readAll() : undefined,
    },
  ];
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const rates: { floor: number[]; store: number[]; peer: number[] } = {
      floor: [],
      store: [],
      peer: [],
    };
    for (let round = 0; round < ROUNDS + 1; round += 1) {
      const floorRate = await ratePerSecond(scenario.floor);
      const storeRate = await ratePerSecond(scenario.store);
      const { peer } = scenario;
      const peerRate =
        peer === undefined ? undefined : await withPeerRetries(() => ratePerSecond(peer));
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

const number = (value: number): string => Math.round(value).toLocaleString('en');
const percent = (value: number, base: number): string => `${Math.round((value / base) * 100)}%`;

function table(rows: readonly Row[], peerNote: string): string {
  const lines = [
    '| scenario | unit | raw better-sqlite3 (floor) | SqliteEventStore | store / floor | emmett-sqlite | emmett / floor |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const peer =
      row.peer === undefined ? [peerNote, '–'] : [number(row.peer), percent(row.peer, row.floor)];
    lines.push(
      `| ${row.scenario} | ${row.unit} | ${number(row.floor)} | ${number(row.store)} | ${percent(row.store, row.floor)} | ${peer.join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const probe = loadEmmettSqlite(newFile());
  const peerNote = 'peer' in probe ? 'not measured (FULL only)' : 'not run';
  const rows = [
    await appendRow(1, 'full', true),
    await appendRow(10, 'full', true),
    await appendRow(1, 'normal', false),
    await appendRow(10, 'normal', false),
    ...(await readRows()),
  ];
  const memory = new Database(':memory:');
  const sqliteVersion = String(memory.prepare('SELECT sqlite_version()').pluck().get());
  memory.close();
  const [cpu] = cpus();
  const target = rows[1]!;
  const verdict =
    target.store / target.floor >= 0.5
      ? `holds: ${percent(target.store, target.floor)}`
      : `FAILS: ${percent(target.store, target.floor)}`;
  const markdown = [
    `Command: \`${process.env.BENCH_COMMAND ?? 'npm run bench'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}, SQLite ${sqliteVersion} (better-sqlite3), a temporary folder on the local disk. Medians of ${ROUNDS} rounds (reads after one warm-up round).`,
    '',
    table(rows, peerNote),
    '',
    `Target (issue 3): the store at ≥ 50% of the floor for 10-event appends at the default durability (synchronous=FULL): **${verdict}**.`,
    '',
    `- Appends: ${APPENDS[1].toLocaleString('en')} (1 event) or ${APPENDS[10].toLocaleString('en')} (10 events) appends over ${STREAMS} streams, each with its exact expected revision, events of ~500 bytes of JSON (an assistant message). The floor writes the same rows to the same table and indexes in the same transaction shape, without the store's checks (expected revision, idempotence, deletion, validation, size). The FULL rows are the store's default; the NORMAL rows remove most of the fsync cost and so show the store's own CPU overhead.`,
    `- Reads: the same file for the floor and the store; the floor iterates one query and parses each row into the same event object, the store pages through its async iterables.`,
    'peer' in probe
      ? `- Peer: @event-driven-io/emmett-sqlite ${probe.peer.version} (node-sqlite3, WAL, its default synchronous=FULL), ${PEER_APPENDS} appends per round (the same work, fewer of it), reads of its own file filled with the same events. Loaded from \`BENCH_PEER_DIR\` (a scratch install: it is not a dependency of this repository). It failed ${peerFailures} append run(s) in this run with SQLITE_BUSY "cannot commit transaction - SQL statements in progress" (its own bug); each failed run was redone from scratch on a fresh file.`
      : `- Peer: ${probe.unavailable}. It is not a dependency of this repository; to include it, install \`@event-driven-io/emmett-sqlite@0.38.5 @event-driven-io/emmett@0.38.5 sqlite3@5\` in a scratch folder (sqlite3 compiles SQLite from source when no prebuilt binary can be downloaded) and run \`BENCH_PEER_DIR=<that folder> npm run bench\`.`,
  ].join('\n');
  console.log(`\n${table(rows, peerNote)}\n\n${verdict}`);
  writeBenchmarkSection('event-store', 'Event store (`bench/event-store.bench.ts`)', markdown);
  if (target.store / target.floor < 0.5) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(folder, { recursive: true, force: true }));
