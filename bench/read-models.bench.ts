/**
 * The read side's benchmark (`npm run bench -- read-models`), three measures in one run:
 * - the model view at replay (`loadModelContext`, format `ai-sdk`) of a 50,000-event session whose
 *   last compact boundary is 500 events from the end, against a 500-event session (target: within
 *   2×: the cost depends on the window, not on the history before it);
 * - the rebuild and verify measures of `read-models-rebuild.ts` (the rebuild with and without the
 *   search and analytics handler, target 70%; every read model and verify against a raw `$all`
 *   read; the runner alone and the write floor that bound them);
 * - the lag from an append's return to its transcript entry being visible, under a steady load
 *   with the runner live in the same process (as in the server): p50, p99, max.
 * Prints the table and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore, type EventStore } from '@agent-ledger/event-store';
import { sessionStreamName } from '@agent-ledger/events';
import { ModelContextReader } from '@agent-ledger/model-context';
import {
  createReadModelHandlers,
  openReadModelDatabase,
  ProjectionRunner,
} from '@agent-ledger/read-models';
import { writeBenchmarkSection } from './benchmark-report';
import { median } from './measure';
import {
  measureRebuilds,
  rebuildBounds,
  handlerRatiosLine,
  rebuildTable,
} from './read-models-rebuild';
import { appendAll, sessionEvents, toAppend, turnEvents } from './read-models-workload';

const LONG = 50_000;
const WINDOW = 500;
const SHORT = 500;
const LATENCY_SAMPLES = 200;
const REBUILD_ROUNDS = 6;
const LAG_SECONDS = 10;
const LAG_APPENDS_PER_SECOND = 100;
const LAG_SESSIONS = 20;

const number = (value: number): string => Math.round(value).toLocaleString('en');
const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** Median time of the model context for each session, requests alternating between them. */
async function modelViewLatency(store: EventStore): Promise<{
  long: number;
  short: number;
  eventsRead: number;
  cold: { ms: number; eventsRead: number };
}> {
  const reader = new ModelContextReader(store);
  const revisions = new Map<string, number>();
  for (const sessionId of ['long', 'short']) {
    revisions.set(sessionId, (await store.getStreamRevision(sessionStreamName(sessionId))) ?? 0);
  }
  const time = async (sessionId: string): Promise<{ ms: number; eventsRead: number }> => {
    const started = performance.now();
    // Computed afresh each time (at a named revision, the latest here: no incremental view), as
    // the server's reader does for a past revision: the window read through its session log
    // cache, and what lies before the boundary from its history index. At the latest revision a
    // request costs the turns appended since (the model-context benchmark).
    const context = await reader.load(sessionId, {
      format: 'ai-sdk',
      atRevision: revisions.get(sessionId) ?? 0,
    });
    return { ms: performance.now() - started, eventsRead: context.diagnostics.window.eventsRead };
  };
  // The first request for a session in a process also indexes the history before its boundary.
  const cold = await time('long');
  for (let warmUp = 0; warmUp < 20; warmUp += 1) {
    await time('long');
    await time('short');
  }
  const long: number[] = [];
  const short: number[] = [];
  let eventsRead = 0;
  for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
    const measured = await time('long');
    long.push(measured.ms);
    eventsRead = measured.eventsRead;
    short.push((await time('short')).ms);
  }
  return { long: median(long), short: median(short), eventsRead, cold };
}

/** Append → transcript-visible lag under a steady load, the runner live in this process. */
async function appendLag(
  dir: string,
): Promise<{ appends: number; p50: number; p99: number; max: number }> {
  const store = new SqliteEventStore({ path: path.join(dir, 'lag-events.sqlite') });
  const db = openReadModelDatabase(path.join(dir, 'lag-read-models.sqlite'));
  const runner = new ProjectionRunner({ store, db, handlers: createReadModelHandlers(db) });
  const waiting: Array<{ position: number; resolvedAt: number }> = [];
  const lags: number[] = [];
  runner.onBatchCommitted(({ position }) => {
    const now = performance.now();
    for (let index = waiting.length - 1; index >= 0; index -= 1) {
      const entry = waiting[index];
      if (entry === undefined || entry.position > position) continue;
      lags.push(now - entry.resolvedAt);
      waiting.splice(index, 1);
    }
  });
  runner.start();
  const total = LAG_SECONDS * LAG_APPENDS_PER_SECOND;
  const interval = 1000 / LAG_APPENDS_PER_SECOND;
  const started = performance.now();
  const appends: Array<Promise<void>> = [];
  for (let index = 0; index < total; index += 1) {
    // A steady rate: each append starts at its slot, whatever the previous ones took.
    const delay = started + index * interval - performance.now();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const sessionId = `lag-${index % LAG_SESSIONS}`;
    const turn = Math.floor(index / LAG_SESSIONS);
    appends.push(
      store
        .append(sessionStreamName(sessionId), turnEvents(sessionId, turn).map(toAppend))
        .then(({ position }) => {
          const resolvedAt = performance.now();
          const reached = runner.position;
          if (reached !== null && reached >= position) lags.push(0);
          else waiting.push({ position, resolvedAt });
        }),
    );
  }
  await Promise.all(appends);
  const head = await store.headPosition();
  if (head !== null) await runner.waitForPosition(head, 10_000);
  await runner.stop();
  await store.close();
  db.close();
  return {
    appends: lags.length,
    p50: percentile(lags, 0.5),
    p99: percentile(lags, 0.99),
    max: Math.max(...lags),
  };
}

async function main(dir: string): Promise<void> {
  const store = new SqliteEventStore({ path: path.join(dir, 'events.sqlite') });
  const filling = performance.now();
  await appendAll(store, 'long', sessionEvents('long', LONG, WINDOW));
  await appendAll(store, 'short', sessionEvents('short', SHORT));
  console.log(`Filled the store in ${((performance.now() - filling) / 1000).toFixed(1)} s.`);

  const latency = await modelViewLatency(store);
  console.log('Rebuilds and verify…');
  const rebuild = await measureRebuilds(store, dir, REBUILD_ROUNDS);
  await store.close();
  const lag = await appendLag(dir);

  const latencyRatio = latency.long / latency.short;
  const table = [
    '| measure | baseline | read side | ratio | target |',
    '|---|--:|--:|--:|---|',
    `| model context (\`format=ai-sdk\`), median of ${LATENCY_SAMPLES} | ${SHORT}-event session: ${ms(latency.short)} | ${number(LONG)}-event session, boundary ${WINDOW} from the end: ${ms(latency.long)} (${number(latency.eventsRead)} events read) | ${latencyRatio.toFixed(2)}× | ≤ 2× — **${latencyRatio <= 2 ? 'holds' : 'missed'}** |`,
    `| append → transcript visible, ${LAG_APPENDS_PER_SECOND} appends/s (4 events each) for ${LAG_SECONDS} s | – | p50 ${ms(lag.p50)}, **p99 ${ms(lag.p99)}**, max ${ms(lag.max)} (${number(lag.appends)} appends) | – | – |`,
  ].join('\n');
  const [cpu] = cpus();
  const markdown = [
    `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- read-models'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}, SQLite files in a temporary folder on the local disk.`,
    '',
    table,
    '',
    rebuildTable(rebuild),
    '',
    handlerRatiosLine(rebuild),
    `- Sessions are agent turns (a user input, a \`Read\` call, its ~500-character result, an answer). The long session has ${number(LONG)} events with a compaction (boundary and summary) ${WINDOW} events before its end; the short one ${SHORT} events and no compaction. The model context is computed from the log each time here (\`cache: false\`): it reads the stream backwards to the boundary (the events it read are shown), normalizes, projects and serializes — what a request costs when the view has to be computed afresh; at the latest revision through the session log cache it costs only the turns appended since (\`bench/model-context.bench.ts\`). Requests alternate between the two sessions after 20 warm-up rounds. The first request for the long session in the process read ${number(latency.cold.eventsRead)} events in ${ms(latency.cold.ms)}: it also indexes the history before the boundary once (the system notes that carry over, where results and pruning marks are), so later requests read only the window.`,
    "- Rebuild: `ProjectionRunner.rebuild()` into a fresh read-model file (drop, then catch up in transactions of 2,000 events: normalization, transcript, export with secret redaction, debug, session list, search and analytics, checkpoints), against reading the same session events from `$all` with nothing done to them, in the same round; the rounds take turns (raw read, runner alone, rebuild without the search and analytics handler, with it, verify). Verify is `verifyReadModels`, what `agent-ledger verify` runs, here in the benchmark's process (the whole process is `npm run bench -- cli-rebuild`): it reads the log, recomputes every read model of every session by the pure route and compares them with the stored ones.",
    rebuildBounds(rebuild),
    `- Lag: ${LAG_SESSIONS} sessions appended to in turn at a steady rate while the runner follows \`$all\` live in the same process (as in the server); the lag of an append is from the moment its \`append\` resolves to the commit of the runner batch holding it (0 when the runner was already there). It is what a query with \`minPosition\` waits at most.`,
  ].join('\n');
  console.log(`\n${table}\n\n${rebuildTable(rebuild)}\n\n${rebuildBounds(rebuild)}`);
  writeBenchmarkSection('read-models', 'Read models (`bench/read-models.bench.ts`)', markdown);
}

const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-read-models-'));
main(folder)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(folder, { recursive: true, force: true }));
