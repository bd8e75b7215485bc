/**
 * The rebuild and verify measures that `npm run bench -- read-models` and `npm run bench -- search`
 * both print, over one log, in rounds that take turns (so that a slower moment of the machine
 * weighs on all of them):
 * - the raw `$all` read of the session events (nothing done to them): the ceiling;
 * - the runner alone (its subscription, parse and schema check of every event, one empty
 *   transaction per batch, no handler): what any rebuild pays before a handler runs;
 * - the rebuild without the recorded-messages handler (session views and session list), and with
 *   every handler (`createReadModelHandlers`);
 * - `verifyReadModels` (the CLI's `verify`, in this process) of the rebuilt file;
 * and in each round, on the file just rebuilt, the write floor: every row the rebuild left in every table,
 * written again into a fresh file of the same schema with prepared statements and nothing else
 * (the FTS5 entries computed before the clock starts), in transactions of 2,000 rows.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventStore, RecordedEvent } from '@agent-ledger/event-store';
import { SESSION_STREAM_PREFIX } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  computeSessionReadModels,
  createReadModelHandlers,
  openReadModelDatabase,
  readSessionReadModels,
  ProjectionRunner,
  searchIndexEntry,
  SESSION_STREAMS_FILTER,
  SessionListHandler,
  SessionViewsHandler,
  type ProjectionHandler,
  type ReadModelDatabase,
  type SearchIndexEntry,
} from '@agent-ledger/read-models';
import { verifyReadModels } from '../apps/cli/src/audit/verify-read-models';
import { median } from './measure';

/** Events per second of each run, medians of the rounds; the write floor in µs per event. */
export interface RebuildMeasures {
  events: number;
  rounds: number;
  raw: number;
  runnerAlone: number;
  without: number;
  with: number;
  verify: number;
  /** Verify's two halves alone, in events per second: the recomputation from events in memory, and reading the stored read models. */
  recompute: number;
  readStored: number;
  floor: WriteFloor;
  /**
   * The same runs in events per second of this process's CPU time (user and system): on a machine
   * that other work shares, the steadier of the two.
   */
  cpu: { raw: number; without: number; with: number; verify: number };
}

/** The SQLite cost of writing the rows a rebuild left, per event of the log. */
export interface WriteFloor {
  rows: number;
  /** µs per event: every table, the recorded-messages handler's tables (FTS5 included), FTS5 alone. */
  all: number;
  recordedMessages: number;
  fts: number;
  /** µs per event by table. */
  tables: Record<string, number>;
}

/** The tables of the recorded-messages handler (search and analytics). */
const RECORDED_MESSAGES_TABLES = new Set([
  'rm_search_messages',
  'rm_search_sessions',
  'rm_search_tool_names',
  'rm_analytics_calls',
  'rm_search_index',
]);

export async function measureRebuilds(
  store: EventStore,
  dir: string,
  rounds: number,
): Promise<RebuildMeasures> {
  const runs = {
    raw: [] as number[],
    runnerAlone: [] as number[],
    without: [] as number[],
    with: [] as number[],
    verify: [] as number[],
    recompute: [] as number[],
    readStored: [] as number[],
    floors: [] as WriteFloor[],
  };
  const cpuRuns = {
    raw: [] as number[],
    without: [] as number[],
    with: [] as number[],
    verify: [] as number[],
  };
  let events = 0;
  let lastFile: string;
  const push = (name: keyof typeof cpuRuns, rates: Rates) => {
    runs[name].push(rates.wall);
    cpuRuns[name].push(rates.cpu);
  };
  const rebuild = async (
    file: string,
    handlersOf: (db: ReadModelDatabase) => ProjectionHandler[],
    after?: (db: ReadModelDatabase, handlers: ProjectionHandler[]) => Promise<void>,
  ): Promise<Rates> => {
    const db = openReadModelDatabase(file);
    const handlers = handlersOf(db);
    const runner = new ProjectionRunner({ store, db, handlers });
    const started = clock();
    await runner.rebuild();
    const rates = ratesSince(started, events);
    await after?.(db, handlers);
    db.close();
    return rates;
  };
  for (let round = 0; round < rounds; round += 1) {
    const readStarted = clock();
    events = 0;
    for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
      if (event.position >= 0) events += 1;
    }
    push('raw', ratesSince(readStarted, events));
    runs.runnerAlone.push((await rebuild(path.join(dir, `alone-${round}.sqlite`), () => [])).wall);
    push(
      'without',
      await rebuild(path.join(dir, `without-${round}.sqlite`), (db) => [
        new SessionViewsHandler(db),
        new SessionListHandler(db),
      ]),
    );
    lastFile = path.join(dir, `with-${round}.sqlite`);
    push(
      'with',
      await rebuild(lastFile, createReadModelHandlers, async (db, handlers) => {
        const started = clock();
        const verification = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
        push('verify', ratesSince(started, events));
        const differing = verification.sessions.filter((session) => session.differences.length);
        if (differing.length > 0)
          throw new Error(`verify found differences: ${differing[0]?.differences[0]}`);
        const sessions = await sessionLogs(store);
        const computing = performance.now();
        for (const [sessionId, log] of sessions) computeSessionReadModels(sessionId, log);
        runs.recompute.push(events / ((performance.now() - computing) / 1000));
        const reading = performance.now();
        for (const sessionId of sessions.keys()) readSessionReadModels(db, sessionId);
        runs.readStored.push(events / ((performance.now() - reading) / 1000));
      }),
    );
    runs.floors.push(writeFloor(lastFile, path.join(dir, 'floor.sqlite'), events));
    for (const name of ['alone', 'without', 'with'])
      removeDatabase(path.join(dir, `${name}-${round}.sqlite`));
  }
  const floorOf = (pick: (floor: WriteFloor) => number) => median(runs.floors.map(pick));
  const tableNames = Object.keys(runs.floors[0]?.tables ?? {});
  const floor: WriteFloor = {
    rows: runs.floors[0]?.rows ?? 0,
    all: floorOf((one) => one.all),
    recordedMessages: floorOf((one) => one.recordedMessages),
    fts: floorOf((one) => one.fts),
    tables: Object.fromEntries(
      tableNames.map((name) => [name, floorOf((one) => one.tables[name] ?? 0)]),
    ),
  };
  return {
    events,
    rounds,
    raw: median(runs.raw),
    runnerAlone: median(runs.runnerAlone),
    without: median(runs.without),
    with: median(runs.with),
    verify: median(runs.verify),
    recompute: median(runs.recompute),
    readStored: median(runs.readStored),
    floor,
    cpu: {
      raw: median(cpuRuns.raw),
      without: median(cpuRuns.without),
      with: median(cpuRuns.with),
      verify: median(cpuRuns.verify),
    },
  };
}

/** Events per second of wall time and of this process's CPU time. */
interface Rates {
  wall: number;
  cpu: number;
}

function clock(): { wall: number; cpu: NodeJS.CpuUsage } {
  return { wall: performance.now(), cpu: process.cpuUsage() };
}

function ratesSince(started: ReturnType<typeof clock>, events: number): Rates {
  const wallSeconds = (performance.now() - started.wall) / 1000;
  const cpu = process.cpuUsage(started.cpu);
  return { wall: events / wallSeconds, cpu: events / ((cpu.user + cpu.system) / 1e6) };
}

/** Writes every row of `source` again into a fresh file of the same schema; µs per log event. */
function writeFloor(source: string, target: string, events: number): WriteFloor {
  const from = openReadModelDatabase(source);
  const schema = from
    .prepare<[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name LIKE 'rm_%'
       AND name NOT LIKE 'rm_search_index_%' ORDER BY type = 'index', rowid`,
    )
    .all();
  const tables = schema.filter((entry) => entry.type === 'table');
  const rowsOf = new Map<string, Record<string, unknown>[]>();
  for (const { name } of tables) {
    if (name === 'rm_search_index') continue;
    rowsOf.set(name, from.prepare<[], Record<string, unknown>>(`SELECT * FROM ${name}`).all());
  }
  const entries = (rowsOf.get('rm_search_messages') ?? []).map((row) => ({
    rowid: row['rowid'],
    entry: indexEntryOf(row),
  }));
  from.close();
  const to = openReadModelDatabase(target);
  const exists = to.prepare('SELECT 1 FROM sqlite_master WHERE name = ?');
  // The runner's own tables are made when the file is opened.
  for (const { name, sql } of schema) if (exists.get(name) === undefined) to.exec(sql);
  const timed = { all: 0, recordedMessages: 0, fts: 0 };
  const tablesTimed: Record<string, number> = {};
  let rows = 0;
  const time = (name: string, write: () => void) => {
    const started = performance.now();
    write();
    const elapsed = performance.now() - started;
    timed.all += elapsed;
    tablesTimed[name] = elapsed;
    if (RECORDED_MESSAGES_TABLES.has(name)) timed.recordedMessages += elapsed;
    if (name === 'rm_search_index') timed.fts += elapsed;
  };
  for (const [name, tableRows] of rowsOf) {
    const first = tableRows[0];
    if (first === undefined) continue;
    const columns = Object.keys(first);
    const insert = to.prepare(
      `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    rows += tableRows.length;
    time(name, () => inBatches(to, tableRows, (row) => insert.run(...Object.values(row))));
  }
  const index = to.prepare(
    'INSERT INTO rm_search_index (rowid, terms, parts, facets) VALUES (?, ?, ?, ?)',
  );
  rows += entries.length;
  time('rm_search_index', () =>
    inBatches(to, entries, ({ rowid, entry }) =>
      index.run(rowid, entry.terms, entry.parts, entry.facets),
    ),
  );
  to.close();
  removeDatabase(target);
  const perEvent = (ms: number) => (ms * 1000) / events;
  return {
    rows,
    all: perEvent(timed.all),
    recordedMessages: perEvent(timed.recordedMessages),
    fts: perEvent(timed.fts),
    tables: Object.fromEntries(
      Object.entries(tablesTimed).map(([name, ms]) => [name, perEvent(ms)]),
    ),
  };
}

function inBatches<T>(db: ReadModelDatabase, items: readonly T[], write: (item: T) => void): void {
  for (let start = 0; start < items.length; start += 2000) {
    db.transaction(() => {
      for (const item of items.slice(start, start + 2000)) write(item);
    })();
  }
}

function indexEntryOf(row: Record<string, unknown>): SearchIndexEntry {
  const message = JSON.parse(String(row['message'])) as RuntimeMessage;
  const tools = JSON.parse(String(row['tools'])) as string[];
  const agent = typeof row['agent'] === 'string' ? row['agent'] : null;
  return searchIndexEntry(message, String(row['session_id']), tools, agent);
}

/** Every session's events, in memory, by session. */
async function sessionLogs(store: EventStore): Promise<Map<string, RecordedEvent[]>> {
  const sessions = new Map<string, RecordedEvent[]>();
  for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
    if (event.position < 0) continue;
    const sessionId = event.streamName.slice(SESSION_STREAM_PREFIX.length);
    const log = sessions.get(sessionId);
    if (log === undefined) sessions.set(sessionId, [event]);
    else log.push(event);
  }
  return sessions;
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

const number = (value: number): string => Math.round(value).toLocaleString('en');
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const verdict = (holds: boolean): string => (holds ? 'holds' : 'missed');
const micros = (rate: number): number => 1e6 / rate;

/** The table both benchmarks print: each measure against its baseline and target. */
export function rebuildTable(measures: RebuildMeasures): string {
  const { raw, without, with: all, verify, runnerAlone, cpu } = measures;
  const withRatio = all / without;
  const rebuildRatio = all / raw;
  const verifyRatio = verify / raw;
  return [
    `| measure (${number(measures.events)} events, median of ${measures.rounds}) | baseline | ours | ratio | ratio by CPU time | target |`,
    '|---|--:|--:|--:|--:|---|',
    `| rebuild with the search and analytics handler | rebuild without it: ${number(without)} events/s | ${number(all)} events/s | ${percent(withRatio)} | ${percent(cpu.with / cpu.without)} | ≥ 70% — **${verdict(withRatio >= 0.7)}** |`,
    `| rebuild of every read model | raw \`$all\` read: ${number(raw)} events/s | ${number(all)} events/s | ${percent(rebuildRatio)} | ${percent(cpu.with / cpu.raw)} | ≥ 50% — **${verdict(rebuildRatio >= 0.5)}** |`,
    `| \`verify\` of every read model (in process) | raw \`$all\` read: ${number(raw)} events/s | ${number(verify)} events/s | ${percent(verifyRatio)} | ${percent(cpu.verify / cpu.raw)} | ≥ 30% — **${verdict(verifyRatio >= 0.3)}** |`,
    `| the runner alone (subscription, parse, schema check, no handler) | raw \`$all\` read | ${number(runnerAlone)} events/s | ${percent(runnerAlone / raw)} | – | – |`,
  ].join('\n');
}

/** What bounds the rebuild, in µs per event, from the same run. */
export function rebuildBounds(measures: RebuildMeasures): string {
  const { raw, without, with: all, runnerAlone, floor } = measures;
  const perEvent = {
    raw: micros(raw),
    runner: micros(runnerAlone),
    without: micros(without),
    with: micros(all),
  };
  const added = perEvent.with - perEvent.without;
  const ceiling = perEvent.runner + floor.all;
  const fixed = (value: number) => value.toFixed(1);
  return [
    `- Per event: the raw read ${fixed(perEvent.raw)} µs, the runner alone ${fixed(perEvent.runner)} µs, the rebuild without the search and analytics handler ${fixed(perEvent.without)} µs, with every handler ${fixed(perEvent.with)} µs (the search and analytics handler ${fixed(added)} µs of it).`,
    `- Verify per event: ${fixed(micros(measures.verify))} µs; of it, recomputing every read model from the events already in memory (parse and schema check, normalize, project, by the pure route) ${fixed(micros(measures.recompute))} µs, reading the stored read models back ${fixed(micros(measures.readStored))} µs, the rest reading the log (twice: the sessions in \`$all\`, then each stream) and comparing. The recomputation alone runs at ${percent(measures.recompute / raw)} of the raw read${measures.recompute / raw < 0.3 ? ', so it alone keeps verify under the 30% target' : ''}.`,
    `- The write floor: the ${number(floor.rows)} rows the rebuild left, written again into an empty file of the same schema with prepared statements and nothing else (transactions of 2,000 rows, table after table, the FTS5 entries computed before the clock starts), cost ${fixed(floor.all)} µs per event of the log (median of the rounds); the search and analytics tables ${fixed(floor.recordedMessages)} µs of it (${percent(floor.recordedMessages / added)} of what that handler adds), the FTS5 index alone ${fixed(floor.fts)} µs; the costliest tables: ${Object.entries(
      floor.tables,
    )
      .sort((left, right) => right[1] - left[1])
      .slice(0, 4)
      .map(([name, cost]) => `\`${name}\` ${fixed(cost)} µs`)
      .join(
        ', ',
      )}. The runner alone plus the write floor is ${fixed(ceiling)} µs per event: a rebuild that did nothing but parse, check and write its rows would reach ${percent(perEvent.raw / ceiling)} of the raw read, against the 50% target; ours is at ${percent(perEvent.raw / perEvent.with)}.`,
  ].join('\n');
}
