/**
 * The rebuild and verify measures that `npm run bench -- read-models` and `npm run bench -- search`
 * both print, over one log, in rounds that take turns (so that a slower moment of the machine
 * weighs on all of them):
 * - the raw `$all` read of the session events (nothing done to them): the ceiling;
 * - the runner alone (its subscription, parse and schema check of every event, one empty
 *   transaction per batch, no handler): what any rebuild pays before a handler runs;
 * - the rebuild without the recorded-messages handler (session views, session list and the
 *   analytics timeline, whose rows are a few per model call), and with every handler
 *   (`createReadModelHandlers`);
 * - `verifyReadModels` (the CLI's `verify`, in this process) of the rebuilt file;
 * and in each round, on the file just rebuilt, the write floor: every row the rebuild left in every table,
 * written again into a fresh file of the same schema with prepared statements and nothing else
 * (the FTS5 entries computed before the clock starts), in transactions of 2,000 rows.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventStore, RecordedEvent } from '@agent-ledger/event-store';
import {
  normalizeSessionEvents,
  SESSION_STREAM_PREFIX,
  parseSessionLogEvent,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import {
  AnalyticsTimelineHandler,
  computeSessionReadModels,
  createReadModelHandlers,
  evolveSessionSummary,
  openFreshReadModelFile,
  openReadModelDatabase,
  ProjectionRunner,
  searchIndexEntries,
  SESSION_STREAMS_FILTER,
  SessionListHandler,
  SessionViewsHandler,
  storedDifferences,
  type ProjectionHandler,
  type ReadModelDatabase,
  type SearchIndexEntry,
  viewRedaction,
  unpackText,
} from '@agent-ledger/read-models';
import { verifyReadModels } from '../apps/cli/src/audit/verify-read-models';
import { median } from './measure';
import { threadCpuMs } from './thread-cpu';

/** The runs of a round, in turn. */
type RunName =
  | 'raw'
  | 'runnerAlone'
  | 'without'
  | 'with'
  | 'verify'
  | 'recompute'
  | 'recomputeParse'
  | 'recomputeNormalize'
  | 'recomputeSummary'
  | 'compareStored';

/**
 * Events per second of each run, medians of the rounds, by wall time and by this process's CPU
 * time (user and system: on a machine other work shares, the steadier of the two); the write
 * floor in CPU µs per event. `recompute` and `compareStored` are verify's two halves alone: the
 * recomputation from events in memory, and comparing the stored rows with it
 * (`storedDifferences`: the stored rows read back through the readers and compared). The
 * `recompute…` runs are steps of the recomputation alone, each as `computeSessionReadModels`
 * takes it: parsing and checking every event, normalizing the parsed events, the session list's
 * fold; the projections are what the recomputation adds to them.
 */
export interface RebuildMeasures {
  events: number;
  rounds: number;
  wall: Record<RunName, number>;
  cpu: Record<RunName, number>;
  /** By the CPU time of this thread alone (the runner's, verify's first): see `threadCpuMs`. */
  thread: Record<RunName, number>;
  /**
   * Each round's rebuild with the search and analytics handler over the one without it (the two
   * ran back to back, so a slower moment of the machine weighs on both): the 70% target is read
   * from their median.
   */
  handlerRatios: { wall: number[]; cpu: number[] };
  floor: WriteFloor;
}

/** The SQLite cost of writing the rows a rebuild left, in CPU µs per event of the log. */
export interface WriteFloor {
  rows: number;
  /** Every table, the search and analytics handler's tables (FTS5 included), FTS5 alone. */
  all: number;
  /**
   * Every table again, into a file opened as `agent-ledger rebuild` opens its new one
   * (`openFreshReadModelFile`: a bulk load, the rollback journal in memory and no fsync), the
   * time to put it in place included.
   */
  bulk: number;
  recordedMessages: number;
  fts: number;
  /** By table. */
  tables: Record<string, number>;
}

/** The tables of the recorded-messages handler (search and analytics). */
const RECORDED_MESSAGES_TABLES = new Set([
  'rm_search_messages',
  'rm_search_sessions',
  'rm_search_tool_names',
  'rm_analytics_calls',
  'rm_search_index',
  'rm_search_redacted_index',
]);

/** The two FTS5 indexes: written from entries computed before the clock starts. */
const FTS_TABLES = new Set(['rm_search_index', 'rm_search_redacted_index']);

const RUN_NAMES: readonly RunName[] = [
  'raw',
  'runnerAlone',
  'without',
  'with',
  'verify',
  'recompute',
  'recomputeParse',
  'recomputeNormalize',
  'recomputeSummary',
  'compareStored',
];

export async function measureRebuilds(
  store: EventStore,
  dir: string,
  rounds: number,
): Promise<RebuildMeasures> {
  const runs = Object.fromEntries(RUN_NAMES.map((name) => [name, [] as Rates[]])) as Record<
    RunName,
    Rates[]
  >;
  const floors: WriteFloor[] = [];
  let events = 0;
  let lastFile: string;
  const rebuild = async (
    name: RunName,
    file: string,
    handlersOf: (db: ReadModelDatabase) => ProjectionHandler[],
    after?: (db: ReadModelDatabase, handlers: ProjectionHandler[]) => Promise<void>,
  ): Promise<void> => {
    const db = openReadModelDatabase(file);
    const handlers = handlersOf(db);
    const runner = new ProjectionRunner({ store, db, handlers });
    const started = clock();
    await runner.rebuild();
    runs[name].push(ratesSince(started, events));
    await after?.(db, handlers);
    db.close();
  };
  for (let round = 0; round < rounds; round += 1) {
    const readStarted = clock();
    events = 0;
    for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
      if (event.position >= 0) events += 1;
    }
    runs.raw.push(ratesSince(readStarted, events));
    await rebuild('runnerAlone', path.join(dir, `alone-${round}.sqlite`), () => []);
    const without = () =>
      rebuild('without', path.join(dir, `without-${round}.sqlite`), (db) => [
        new SessionViewsHandler(db),
        new SessionListHandler(db),
        new AnalyticsTimelineHandler(db),
      ]);
    // The two rebuilds a ratio compares take turns going first, so that neither always runs
    // after the other (on a heap the other left, in a file cache the other warmed).
    if (round % 2 === 0) await without();
    lastFile = path.join(dir, `with-${round}.sqlite`);
    await rebuild('with', lastFile, createReadModelHandlers, async (db, handlers) => {
      const started = clock();
      const verification = await verifyReadModels(store, db, handlers, { exportPolicy: {} });
      runs.verify.push(ratesSince(started, events));
      const differing = verification.sessions.filter((session) => session.differences.length);
      if (differing.length > 0) {
        throw new Error(`verify found differences: ${differing[0]?.differences[0]}`);
      }
      const sessions = await sessionLogs(store);
      const computing = clock();
      const recomputed = [...sessions].map(([sessionId, log]) =>
        computeSessionReadModels(sessionId, log),
      );
      runs.recompute.push(ratesSince(computing, events));
      const parsing = clock();
      const parsed = [...sessions.values()].map((log) =>
        log.flatMap((event) => {
          const result = parseSessionLogEvent(event);
          return result.ok ? [result.event] : [];
        }),
      );
      runs.recomputeParse.push(ratesSince(parsing, events));
      const normalizing = clock();
      for (const logged of parsed) {
        normalizeSessionEvents(
          logged.map((event) => event.event),
          { repairDanglingToolCalls: false },
        );
      }
      runs.recomputeNormalize.push(ratesSince(normalizing, events));
      const folding = clock();
      for (const logged of parsed) logged.reduce(evolveSessionSummary, undefined);
      runs.recomputeSummary.push(ratesSince(folding, events));
      const comparing = clock();
      for (const expected of recomputed) {
        const differences = storedDifferences(db, expected);
        if (differences.length > 0) {
          throw new Error(
            `the stored read models of ${expected.sessionId} differ: ${differences[0]}`,
          );
        }
      }
      runs.compareStored.push(ratesSince(comparing, events));
    });
    if (round % 2 === 1) await without();
    floors.push({
      ...writeFloor(lastFile, path.join(dir, 'floor.sqlite'), events, false),
      bulk: writeFloor(lastFile, path.join(dir, 'floor-bulk.sqlite'), events, true).all,
    });
    for (const name of ['alone', 'without', 'with']) {
      removeDatabase(path.join(dir, `${name}-${round}.sqlite`));
    }
  }
  const floorOf = (pick: (floor: WriteFloor) => number) => median(floors.map(pick));
  const tableNames = Object.keys(floors[0]?.tables ?? {});
  const medians = (pick: (rates: Rates) => number) =>
    Object.fromEntries(RUN_NAMES.map((name) => [name, median(runs[name].map(pick))])) as Record<
      RunName,
      number
    >;
  const perRound = (pick: (rates: Rates) => number): number[] =>
    runs.with.map((withRates, round) => {
      const without = runs.without[round];
      return without === undefined ? Number.NaN : pick(withRates) / pick(without);
    });
  return {
    events,
    rounds,
    wall: medians((rates) => rates.wall),
    cpu: medians((rates) => rates.cpu),
    thread: medians((rates) => rates.thread),
    handlerRatios: { wall: perRound((rates) => rates.wall), cpu: perRound((rates) => rates.cpu) },
    floor: {
      rows: floors[0]?.rows ?? 0,
      all: floorOf((one) => one.all),
      bulk: floorOf((one) => one.bulk),
      recordedMessages: floorOf((one) => one.recordedMessages),
      fts: floorOf((one) => one.fts),
      tables: Object.fromEntries(
        tableNames.map((name) => [name, floorOf((one) => one.tables[name] ?? 0)]),
      ),
    },
  };
}

/** Events per second of wall time, of this process's CPU time and of this thread's. */
interface Rates {
  wall: number;
  cpu: number;
  thread: number;
}

setFlagsFromString('--expose-gc');
/** A full collection, so that a run does not pay for the garbage the run before it left. */
const collectGarbage = runInNewContext('gc') as () => void;

/** Starts the clocks of a run, after a full garbage collection. */
function clock(): { wall: number; cpu: NodeJS.CpuUsage; thread: number | undefined } {
  collectGarbage();
  return { wall: performance.now(), cpu: process.cpuUsage(), thread: threadCpuMs() };
}

function ratesSince(started: ReturnType<typeof clock>, events: number): Rates {
  const wallSeconds = (performance.now() - started.wall) / 1000;
  const cpu = process.cpuUsage(started.cpu);
  const thread = threadCpuMs();
  return {
    wall: events / wallSeconds,
    cpu: events / ((cpu.user + cpu.system) / 1e6),
    thread:
      thread === undefined || started.thread === undefined
        ? Number.NaN
        : events / ((thread - started.thread) / 1000),
  };
}

/**
 * Writes every row of `source` again into a fresh file of the same schema; µs per log event.
 * `bulk`: the file is opened as `agent-ledger rebuild` opens its new one, and put in place at the
 * end (timed too); else as the read models' file is opened (WAL).
 */
function writeFloor(
  source: string,
  target: string,
  events: number,
  bulk: boolean,
): Omit<WriteFloor, 'bulk'> {
  const from = openReadModelDatabase(source);
  const schema = from
    .prepare<[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name LIKE 'rm_%'
       AND name NOT LIKE 'rm_search_index_%' AND name NOT LIKE 'rm_search_redacted_index_%'
       ORDER BY type = 'index', rowid`,
    )
    .all();
  const tables = schema.filter((entry) => entry.type === 'table');
  const rowsOf = new Map<string, Record<string, unknown>[]>();
  for (const { name } of tables) {
    if (FTS_TABLES.has(name)) continue;
    rowsOf.set(name, from.prepare<[], Record<string, unknown>>(`SELECT * FROM ${name}`).all());
  }
  // Each search row's message is the session views' row of its event (stored once there, packed).
  const recordedMessages = new Map<string, string>();
  for (const row of rowsOf.get('rm_messages') ?? []) {
    if (row['copy_of'] !== null) continue;
    const json = unpackText(row['recorded'] ?? row['message']);
    recordedMessages.set(`${String(row['session_id'])} ${String(row['revision'])}`, String(json));
  }
  const entries = (rowsOf.get('rm_search_messages') ?? []).map((row) => ({
    rowid: row['rowid'],
    ...indexEntriesOf(
      row,
      recordedMessages.get(`${String(row['session_id'])} ${String(row['revision'])}`) ?? '{}',
    ),
  }));
  from.close();
  const fresh = bulk ? openFreshReadModelFile(target) : undefined;
  const to = fresh?.db ?? openReadModelDatabase(target);
  const exists = to.prepare('SELECT 1 FROM sqlite_master WHERE name = ?');
  // The runner's own tables are made when the file is opened.
  for (const { name, sql } of schema) if (exists.get(name) === undefined) to.exec(sql);
  const timed = { all: 0, recordedMessages: 0, fts: 0 };
  const tablesTimed: Record<string, number> = {};
  let rows = 0;
  const time = (name: string, write: () => void) => {
    const started = process.cpuUsage();
    write();
    const used = process.cpuUsage(started);
    const elapsed = (used.user + used.system) / 1000;
    timed.all += elapsed;
    tablesTimed[name] = elapsed;
    if (RECORDED_MESSAGES_TABLES.has(name)) timed.recordedMessages += elapsed;
    if (FTS_TABLES.has(name)) timed.fts += elapsed;
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
  for (const [table, which] of [
    ['rm_search_index', 'recorded'],
    ['rm_search_redacted_index', 'redacted'],
  ] as const) {
    const index = to.prepare(
      `INSERT INTO ${table} (rowid, terms, parts, facets) VALUES (?, ?, ?, ?)`,
    );
    // As the handler writes them: the recorded index only where the redaction changed the entry.
    const written =
      which === 'redacted' ? entries : entries.filter((entry) => entry.recorded !== entry.redacted);
    rows += written.length;
    time(table, () =>
      inBatches(to, written, ({ rowid, [which]: entry }) =>
        index.run(rowid, entry.terms, entry.parts, entry.facets),
      ),
    );
  }
  if (fresh === undefined) to.close();
  else time('put in place', () => fresh.replace());
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

const { redact } = viewRedaction({});

function indexEntriesOf(
  row: Record<string, unknown>,
  messageJson: string,
): {
  recorded: SearchIndexEntry;
  redacted: SearchIndexEntry;
} {
  const message = JSON.parse(messageJson) as RuntimeMessage;
  const tools = typeof row['tools'] === 'string' ? (JSON.parse(row['tools']) as string[]) : [];
  const agent = typeof row['agent'] === 'string' ? row['agent'] : null;
  return searchIndexEntries(message, String(row['session_id']), tools, agent, redact);
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
const micros = (rate: number): number => 1e6 / rate;

/** The table both benchmarks print: each measure against its baseline and target. */
export function rebuildTable(measures: RebuildMeasures): string {
  const { wall, cpu, thread } = measures;
  const row = (
    measure: string,
    baseline: string,
    run: RunName,
    against: RunName,
    target?: number,
  ): string => {
    // The handler's ratio from the rounds' own pairs; the others from the medians of the runs.
    const paired = run === 'with' && against === 'without';
    const byWall = paired ? median(measures.handlerRatios.wall) : wall[run] / wall[against];
    const byCpu = paired ? median(measures.handlerRatios.cpu) : cpu[run] / cpu[against];
    const byThread = thread[run] / thread[against];
    // A target holds when it holds by both clocks: one of them alone may be the machine's noise.
    const verdict =
      target === undefined
        ? '–'
        : `≥ ${target * 100}% — **${Math.min(byWall, byCpu) >= target ? 'holds' : 'missed'}**`;
    return `| ${measure} | ${baseline}: ${number(wall[against])} events/s | ${number(wall[run])} events/s | ${percent(byWall)} | ${percent(byCpu)} | ${percent(byThread)} | ${verdict} |`;
  };
  return [
    `| measure (${number(measures.events)} events, median of ${measures.rounds}) | baseline | ours | ratio | ratio by CPU time | by this thread's CPU | target |`,
    '|---|--:|--:|--:|--:|--:|---|',
    row(
      'rebuild with the search and analytics handler',
      'rebuild without it',
      'with',
      'without',
      0.7,
    ),
    row('rebuild of every read model', 'raw `$all` read', 'with', 'raw'),
    row('`verify` of every read model (in process)', 'raw `$all` read', 'verify', 'raw'),
    row(
      'the runner alone (subscription, parse, schema check, no handler)',
      'raw `$all` read',
      'runnerAlone',
      'raw',
    ),
  ].join('\n');
}

/** The handler's ratio round by round (wall / CPU), for the line under the table. */
export function handlerRatiosLine(measures: RebuildMeasures): string {
  const rounds = measures.handlerRatios.wall.map(
    (wallRatio, round) =>
      `${percent(wallRatio)} / ${percent(measures.handlerRatios.cpu[round] ?? Number.NaN)}`,
  );
  return `- The rebuild with the search and analytics handler against the one without it, each round's pair (wall / CPU), the ratio above being their median: ${rounds.join(', ')}.`;
}

/** What bounds the rebuild and verify, in CPU µs per event, from the same run. */
export function rebuildBounds(measures: RebuildMeasures): string {
  const { cpu, floor } = measures;
  const perEvent = Object.fromEntries(
    Object.entries(cpu).map(([name, rate]) => [name, micros(rate)]),
  ) as Record<RunName, number>;
  const added = perEvent.with - perEvent.without;
  const ceiling = perEvent.runnerAlone + floor.all;
  const fixed = (value: number) => value.toFixed(1);
  const costliest = Object.entries(floor.tables)
    .sort((left, right) => right[1] - left[1])
    .slice(0, 4)
    .map(([name, cost]) => `\`${name}\` ${fixed(cost)} µs`)
    .join(', ');
  const recomputeShare = perEvent.raw / perEvent.recompute;
  // Verify's parts measured apart: each session's stream read, the recomputation, the comparison.
  const verifyFloor = perEvent.raw + perEvent.recompute + perEvent.compareStored;
  const projections =
    perEvent.recompute -
    perEvent.recomputeParse -
    perEvent.recomputeNormalize -
    perEvent.recomputeSummary;
  // The rebuild without the handler plus only the writes of the handler's rows: what bounds the 70% target.
  const handlerCeiling = perEvent.without / (perEvent.without + floor.recordedMessages);
  return [
    `- In CPU time per event (medians): the raw read ${fixed(perEvent.raw)} µs, the runner alone ${fixed(perEvent.runnerAlone)} µs, the rebuild without the search and analytics handler ${fixed(perEvent.without)} µs, with every handler ${fixed(perEvent.with)} µs (the search and analytics handler adds ${fixed(added)} µs).`,
    `- The search and analytics handler: writing its rows alone (the write floor of its tables, below) is ${fixed(floor.recordedMessages)} µs of the ${fixed(added)} µs it adds; a rebuild that added nothing but those writes would run at ${percent(handlerCeiling)} of the rebuild without it (target 70%), so the rest, ${fixed(added - floor.recordedMessages)} µs, is the handler's own work (its search text and facts, the statements' bindings, the garbage they leave).`,
    `- Verify: ${fixed(perEvent.verify)} µs per event. Its parts measured alone: recomputing every read model from the events already in memory (by the pure route) ${fixed(perEvent.recompute)} µs, of which parsing and checking every event against its schema ${fixed(perEvent.recomputeParse)} µs, normalizing ${fixed(perEvent.recomputeNormalize)} µs, the session list's fold ${fixed(perEvent.recomputeSummary)} µs and the projections (transcript, export with secret redaction, search documents, analytics) the other ${fixed(projections)} µs; reading the stored read models back through the readers and comparing them with that recomputation (\`storedDifferences\`) ${fixed(perEvent.compareStored)} µs; and reading each session's stream, ${fixed(perEvent.raw)} µs as the raw read (the sessions of the log are listed from the store's stream index, no event read). Those parts add up to ${fixed(verifyFloor)} µs: a verify doing nothing else would run at ${percent(perEvent.raw / verifyFloor)} of the raw read; the recomputation alone would run at ${percent(recomputeShare)}.`,
    `- The write floor: the ${number(floor.rows)} rows the rebuild left, written again into an empty file of the same schema with prepared statements and nothing else (transactions of 2,000 rows, table after table, the FTS5 entries computed before the clock starts), cost ${fixed(floor.all)} µs per event of the log; the search and analytics tables ${fixed(floor.recordedMessages)} µs of it (against the ${fixed(added)} µs that handler adds), the FTS5 index alone ${fixed(floor.fts)} µs; the costliest tables: ${costliest}. Written as \`agent-ledger rebuild\` writes its new file (a bulk load: the rollback journal in memory, no fsync, each page once; then synced and put in place), the same rows cost ${fixed(floor.bulk)} µs per event, all of it on the one thread that holds the connection. The runner alone plus the write floor is ${fixed(ceiling)} µs per event: a rebuild that did nothing but parse, check and write its rows would run at ${percent(perEvent.raw / ceiling)} of the raw read; ours runs at ${percent(perEvent.raw / perEvent.with)}. The rest, ${fixed(perEvent.with - ceiling)} µs per event (the rebuild less the runner alone and the write floor), is the handlers' own work: normalization's lookups of the pairing state and of taken ids, the transcript and export projections (redaction included), the search text and facts, the statements' bindings, one commit per batch beside the floor's, and the garbage they leave.`,
  ].join('\n');
}
