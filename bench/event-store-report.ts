import { cpus } from 'node:os';
import Database from 'better-sqlite3';
import type { loadEmmettSqlite } from './emmett-sqlite-peer';
import { SIZES, type Row } from './event-store-context';

const number = (value: number): string => Math.round(value).toLocaleString('en');
const percent = (value: number, base: number): string => `${Math.round((value / base) * 100)}%`;

/** The result table in Markdown, ratios against the floor. */
export function eventStoreTable(rows: readonly Row[], peerNote: string): string {
  const lines = [
    '| scenario | unit | raw better-sqlite3 (floor) | SqliteEventStore | store / floor | emmett-sqlite | emmett / floor |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const peer =
      row.peer === undefined ? [peerNote, '–'] : [number(row.peer), percent(row.peer, row.floor)];
    const store = [number(row.store), percent(row.store, row.floor)];
    lines.push(`| ${[row.scenario, row.unit, number(row.floor), ...store, ...peer].join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Whether the store keeps ≥ 50% of the floor on 10-event appends at FULL (issue 3). */
export function verdictOf(target: Row): { holds: boolean; text: string } {
  const holds = target.store / target.floor >= 0.5;
  return { holds, text: `${holds ? 'holds' : 'FAILS'}: ${percent(target.store, target.floor)}` };
}

/** The section of `docs/benchmarks.md`: command, machine, table, verdict, method. */
export function eventStoreReport(
  rows: readonly Row[],
  target: Row,
  probe: ReturnType<typeof loadEmmettSqlite>,
  peerFailures: number,
): string {
  const memory = new Database(':memory:');
  const sqliteVersion = String(memory.prepare('SELECT sqlite_version()').pluck().get());
  memory.close();
  const [cpu] = cpus();
  const peerPrefix =
    process.env.BENCH_PEER_DIR === undefined
      ? ''
      : 'BENCH_PEER_DIR=<folder with @event-driven-io/emmett-sqlite installed> ';
  const peerNote = 'peer' in probe ? 'not measured (FULL only)' : 'not run';
  return [
    `Command: \`${peerPrefix}${process.env.BENCH_COMMAND ?? 'npm run bench'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}, SQLite ${sqliteVersion} (better-sqlite3), a temporary folder on the local disk. Medians of ${SIZES.rounds} rounds (reads after one warm-up round).`,
    '',
    eventStoreTable(rows, peerNote),
    '',
    `Target (issue 3): the store at ≥ 50% of the floor for 10-event appends at the default durability (synchronous=FULL): **${verdictOf(target).text}**.`,
    '',
    `- Appends: ${SIZES.appends[1].toLocaleString('en')} (1 event) or ${SIZES.appends[10].toLocaleString('en')} (10 events) appends per round over ${SIZES.streams} streams, each with its exact expected revision, events of ~500 bytes of JSON (an assistant message), a fresh file per run. The floor writes the same rows to the same table and indexes in the same transaction shape, without the store's checks (expected revision, idempotence, deletion, validation, size). The FULL rows are the store's default; the NORMAL rows remove most of the fsync cost and so show the store's own CPU overhead.`,
    `- Reads: the same file for the floor and the store; the floor iterates one query and parses each row into the same event object, the store pages through its async iterables.`,
    'peer' in probe
      ? `- Peer: @event-driven-io/emmett-sqlite ${probe.peer.version} (node-sqlite3, WAL, its default synchronous=FULL), ${SIZES.peerAppends} appends per round (the same work, fewer of it), reads of its own file filled with the same events. Loaded from \`BENCH_PEER_DIR\` (a scratch install: it is not a dependency of this repository). It now and then fails an append with SQLITE_BUSY "cannot commit transaction - SQL statements in progress" (its own bug); such a run is redone from scratch on a fresh file (${peerFailures} in this run).`
      : `- Peer: ${probe.unavailable}. It is not a dependency of this repository; to include it, install \`@event-driven-io/emmett-sqlite@0.38.5 @event-driven-io/emmett@0.38.5 sqlite3@5\` in a scratch folder (sqlite3 compiles SQLite from source when no prebuilt binary can be downloaded) and run \`BENCH_PEER_DIR=<that folder> npm run bench -- event-store\`.`,
  ].join('\n');
}
