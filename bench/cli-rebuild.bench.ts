/**
 * The CLI benchmark (`npm run bench -- cli-rebuild`): `agent-ledger rebuild` on a store of
 * 100,000 session events, run as the command itself (the built CLI, as an install runs it: a
 * child process on a temporary DATA_DIR, reporting its own rate), and `agent-ledger verify` on the rebuilt read models, beside a raw
 * read of the same events from `$all` in the same run (the ceiling any rebuild stays under).
 * Prints the table and writes it to `docs/benchmarks.md`. `BENCH_EVENTS` changes the size,
 * `BENCH_ROUNDS` the number of rounds (3).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@agent-ledger/event-store';
import {
  sessionStreamName,
  validateSessionEventPayload,
  type SessionEvent,
} from '@agent-ledger/events';
import { SESSION_STREAMS_FILTER } from '@agent-ledger/read-models';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repo
const { ensureBuild } = require('../scripts/ensure-build') as { ensureBuild: () => void };
import { writeBenchmarkSection } from './benchmark-report';
import { compactionEvents, toAppend, turnEvents } from './read-models-workload';

const root = path.resolve(__dirname, '..');
const EVENTS_PER_SESSION = 1000;
const TOOL_OUTPUT = 'export function login(user, password) { /* … */ }\n'.repeat(40);

/** One realistic turn (its Read result 2 KB), a pruning mark every 25 turns, a compaction every 100. */
function benchTurnEvents(sessionId: string, turn: number): SessionEvent[] {
  const events = turnEvents(sessionId, turn, TOOL_OUTPUT);
  if (turn % 25 === 24) {
    const compactedAt = new Date(Date.UTC(2026, 3, 8, 9, 0, turn)).toISOString();
    events.push({
      type: 'ToolResultsPruned',
      data: { sessionId, messageIds: [`t${turn - 20}-r`], compactedAt, reason: 'bench' },
    });
  }
  if (turn % 100 === 99) events.push(...compactionEvents(sessionId, turn));
  return events;
}

/** A session of `count` events: started, then turns (with prunings and compactions). */
function sessionEvents(sessionId: string, count: number): SessionEvent[] {
  const events: SessionEvent[] = [
    {
      type: 'SessionStarted',
      data: { sessionId, startedAt: new Date(Date.UTC(2026, 3, 8)).toISOString() },
    },
  ];
  for (let turn = 0; events.length < count; turn += 1)
    events.push(...benchTurnEvents(sessionId, turn));
  return events.slice(0, count);
}

/** Fills `dataDir/events.sqlite` with `total` session events, appended 100 at a time. */
async function fillStore(dataDir: string, total: number): Promise<void> {
  const store = new SqliteEventStore({
    path: path.join(dataDir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  try {
    for (let session = 0; session * EVENTS_PER_SESSION < total; session += 1) {
      const sessionId = `bench-${session}`;
      const count = Math.min(EVENTS_PER_SESSION, total - session * EVENTS_PER_SESSION);
      const events = sessionEvents(sessionId, count);
      for (let start = 0; start < events.length; start += 100) {
        await store.append(
          sessionStreamName(sessionId),
          events.slice(start, start + 100).map(toAppend),
        );
      }
    }
  } finally {
    await store.close();
  }
}

/** Events per second of a plain read of every session event in `$all` (the baseline). */
interface RawRead {
  events: number;
  eventsPerSecond: number;
  cpuMs: number;
}

async function rawReadRate(dataDir: string): Promise<RawRead> {
  const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
  try {
    const startedAt = performance.now();
    const cpuAtStart = process.cpuUsage();
    let events = 0;
    for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
      if (event.position >= 0) events += 1;
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpuAtStart);
    return {
      events,
      eventsPerSecond: Math.round(events / seconds),
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  } finally {
    await store.close();
  }
}

/**
 * The CPU time (ms) of the integrity check the CLI runs when it opens the read models
 * (`PRAGMA quick_check`), on `dataDir`'s file, measured apart in this process.
 */
function quickCheckCpuMs(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    const started = process.cpuUsage();
    db.pragma('quick_check(1)', { simple: true });
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  } finally {
    db.close();
  }
}

/** What one run of the CLI took: its stdout, wall time, and CPU time (ms) of its busiest thread. */
interface CliRun {
  stdout: string;
  seconds: number;
  /** The most CPU time any of its threads used (Linux: sampled from `/proc`), or NaN elsewhere. */
  busiestThreadMs: number;
  /** The CPU time of all its threads together (ms). */
  processMs: number;
  /** The CPU time of its second busiest thread (ms): for verify, the other of its two threads. */
  secondThreadMs: number;
}

/** The built CLI (`npm run build`, made first if missing or stale): what `agent-ledger` runs. */
const CLI_MAIN = path.join(root, 'dist', 'apps', 'cli', 'src', 'main.js');

/**
 * Runs `agent-ledger <args>` (the built CLI) as a child process on `dataDir`. Its threads' CPU times are sampled
 * from `/proc/<pid>/task` every 20 ms while it runs (a thread's last sample stands for it once it
 * has ended), so that a run on two threads can be read by its busier thread.
 */
async function runCli(dataDir: string, args: string[]): Promise<CliRun> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [CLI_MAIN, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const threads = new Map<string, number>();
  const sample = () => {
    for (const [tid, ms] of threadCpuOf(child.pid)) threads.set(tid, ms);
  };
  const sampling = setInterval(sample, 20);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
  });
  clearInterval(sampling);
  const seconds = (performance.now() - startedAt) / 1000;
  if (status !== 0) throw new Error(`agent-ledger ${args.join(' ')} failed: ${stderr}${stdout}`);
  const times = [...threads.values()].sort((left, right) => right - left);
  return {
    stdout,
    seconds,
    busiestThreadMs: times[0] ?? Number.NaN,
    processMs: times.reduce((sum, ms) => sum + ms, 0),
    secondThreadMs: times[1] ?? 0,
  };
}

/** Each thread's CPU time (ms, user and system) of process `pid` now; empty when unknown. */
function threadCpuOf(pid: number | undefined): Map<string, number> {
  const times = new Map<string, number>();
  if (pid === undefined) return times;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // The process or a thread ended between the listing and the read: keep what was read.
  }
  return times;
}

/** The rate `agent-ledger rebuild --json` reports for itself. */
/** What `agent-ledger rebuild --json` reported of itself, and its run. */
interface CliRebuild {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  run: CliRun;
}

async function cliRebuild(dataDir: string): Promise<CliRebuild> {
  const run = await runCli(dataDir, ['rebuild', '--json']);
  const { stdout } = run;
  const report: unknown = JSON.parse(stdout);
  if (
    typeof report !== 'object' ||
    report === null ||
    !('events' in report && 'seconds' in report && 'eventsPerSecond' in report) ||
    typeof report.events !== 'number' ||
    typeof report.seconds !== 'number' ||
    typeof report.eventsPerSecond !== 'number'
  ) {
    throw new Error(`Unexpected rebuild report: ${stdout}`);
  }
  return {
    events: report.events,
    seconds: report.seconds,
    eventsPerSecond: report.eventsPerSecond,
    run,
  };
}

/**
 * What bounds `verify`, from this run: how its two threads shared the work, what `--check-file`
 * would add (measured apart), and the best ratio to the raw read its work allows on two threads.
 */
function verifyBounds(
  rawMs: number,
  rawWallMs: number,
  verify: CliRun,
  startup: CliRun,
  quickCheckMs: number,
): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  // Its two helper threads' CPU (their start-up included: on an empty store none starts); the
  // first thread's (its start-up, then waiting) and V8's own threads (garbage collection,
  // compilation) are the rest of the process's CPU, said apart.
  const twoThreads = (run: CliRun) => run.busiestThreadMs + run.secondThreadMs;
  const work = twoThreads(verify);
  const others = verify.processMs - twoThreads(verify);
  const best = rawMs / (work / 2);
  const cores = cpus().length;
  const wallBest = rawWallMs / (verify.processMs / cores);
  return `- What bounds \`verify\` (measured in this run): its two helper threads took ${seconds(verify.busiestThreadMs)} and ${seconds(verify.secondThreadMs)} of CPU (the first thread, which starts them and waits, and V8's own threads ${seconds(others)} more, against ${seconds(startup.processMs)} for the whole command on an empty store); they claim sessions from one list until none is left, so each verifies what its share of the cores allows. The log's sessions are listed from the store's stream index (\`listStreamsInAll\`: no event read), and the read-model file is opened without SQLite's whole-file check (\`verify --check-file\` adds it: ${seconds(quickCheckMs)} of CPU on this file, measured apart, ${percent(quickCheckMs / rawMs)} of the raw read's). The two helpers' work is ${seconds(work)}, ${(work / rawMs).toFixed(1)}× the raw read: shared evenly, verify would run at ${percent(best)} of the raw read at best by the busier helper's clock. The whole process used ${seconds(verify.processMs)} of CPU: on ${cores} cores its wall time cannot be under ${seconds(verify.processMs / cores)}, so by wall time it reaches at most ${percent(wallBest)} of the raw read.`;
}

/** Rounds of the raw read, `rebuild` and `verify` (`BENCH_ROUNDS`, default 3). */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);

/** The run whose `key` is the median of `runs` (the lower middle one of an even count). */
function medianOf<T>(runs: readonly T[], key: (run: T) => number): T {
  const sorted = [...runs].sort((left, right) => key(left) - key(right));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (median === undefined) throw new Error('No run to take the median of.');
  return median;
}

const number = (value: number): string => Math.round(value).toLocaleString('en');
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

async function main(dataDir: string): Promise<void> {
  const total = Number(process.env['BENCH_EVENTS'] ?? 100_000);
  ensureBuild();
  const filling = performance.now();
  await fillStore(dataDir, total);
  console.log(
    `Filled a store with ${number(total)} events in ${((performance.now() - filling) / 1000).toFixed(1)} s.`,
  );
  // Rounds of the three, one after another, so that each round's ratios share the machine's
  // state (two shared cores vary from minute to minute); the table gives each one's median run.
  const rounds: { raw: RawRead; rebuild: CliRebuild; verify: CliRun }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const raw = await rawReadRate(dataDir);
    const rebuild = await cliRebuild(dataDir);
    const verify = await runCli(dataDir, ['verify', '--json']);
    rounds.push({ raw, rebuild, verify });
  }
  const raw = medianOf(
    rounds.map((round) => round.raw),
    (run) => run.eventsPerSecond,
  );
  const rebuild = medianOf(
    rounds.map((round) => round.rebuild),
    (run) => run.eventsPerSecond,
  );
  const verify = medianOf(
    rounds.map((round) => round.verify),
    (run) => -run.seconds,
  );
  const roundRatios = (ratio: (round: (typeof rounds)[number]) => number) =>
    rounds.map((round) => percent(ratio(round))).join(', ');
  const quickCheckMs = quickCheckCpuMs(dataDir);
  // The same command on an empty store: the process's start-up (Node loads the built CLI's
  // modules, the stores are opened), which the whole-process time of verify includes.
  const emptyDir = path.join(dataDir, 'empty');
  mkdirSync(emptyDir);
  await new SqliteEventStore({ path: path.join(emptyDir, 'events.sqlite') }).close();
  const emptyRebuild = await runCli(emptyDir, ['rebuild', '--json']);
  const startup = await runCli(emptyDir, ['verify', '--json']);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const threadsCell = (run: CliRun) =>
    `${seconds(run.busiestThreadMs)} (all threads ${seconds(run.processMs)})`;
  const rows = [
    `| raw read of \`$all\` (session events, parsed) | ${number(raw.events)} | ${number((raw.events / raw.eventsPerSecond) * 1000)} ms | ${number(raw.eventsPerSecond)} | 100% | ${seconds(raw.cpuMs)} (one thread) |`,
    `| \`agent-ledger rebuild\` (its own report) | ${number(rebuild.events)} | ${rebuild.seconds.toFixed(2)} s | **${number(rebuild.eventsPerSecond)}** | ${((rebuild.eventsPerSecond / raw.eventsPerSecond) * 100).toFixed(1)}% | ${threadsCell(rebuild.run)} |`,
    `| \`agent-ledger verify\` (whole process) | ${number(total)} | ${verify.seconds.toFixed(2)} s | ${number(total / verify.seconds)} | ${((total / verify.seconds / raw.eventsPerSecond) * 100).toFixed(1)}% | ${threadsCell(verify)} |`,
    `| \`agent-ledger rebuild\` on an empty store (the start-up alone) | 0 | ${emptyRebuild.seconds.toFixed(2)} s | – | – | ${threadsCell(emptyRebuild)} |`,
    `| \`agent-ledger verify\` on an empty store (the start-up alone) | 0 | ${startup.seconds.toFixed(2)} s | – | – | ${threadsCell(startup)} |`,
  ];
  // By the busiest thread's CPU time, less the same command's start-up.
  // The rebuild's CPU less what its own report leaves out: the start-up (the same command on an
  // empty store, its new file put in place included, so the bound errs on the generous side).
  const rebuildWorkMs = rebuild.run.processMs - emptyRebuild.processMs;
  const byThread = (run: CliRun, start: CliRun) =>
    raw.cpuMs / Math.max(run.busiestThreadMs - start.busiestThreadMs, 1);
  const table = [
    '| run | events | time | events/s | of the raw read | CPU: busiest thread (all threads) |',
    '|---|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
  const [cpu] = cpus();
  const markdown = [
    `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- cli-rebuild'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}, a temporary DATA_DIR on the local disk; ${ROUNDS} rounds of the raw read, \`rebuild\` and \`verify\` one after another, each row the median of its runs (the runs' ratios to their round's raw read: \`rebuild\` ${roundRatios((round) => round.rebuild.eventsPerSecond / round.raw.eventsPerSecond)}; \`verify\` ${roundRatios((round) => total / round.verify.seconds / round.raw.eventsPerSecond)}).`,
    '',
    table,
    '',
    `- The store: ${number(total)} events in ${number(Math.ceil(total / EVENTS_PER_SESSION))} sessions of ${number(EVENTS_PER_SESSION)} events, written with the event store's schema validation: turns of a user input, a \`Read\` tool call, its 2 KB result and an answer, a pruning mark every 25 turns and a compaction (boundary and summary) every 100.`,
    '- `rebuild` runs as the CLI does (a child process with `DATA_DIR`, default batch of 2,000 events per transaction); the rate is the one it prints: session events processed by all read-model handlers (transcript, export, debug, session list, search and analytics) over the time from the new, empty file to that file synced and in place of the old one (the rebuild is written as a bulk load into a file of its own, then renamed over the one in use: `docs/read-models.md`). `verify` is timed as a whole process (start-up, listing the sessions of the log, reading the stream of each session, recomputing and comparing it). Both are the built CLI (`dist/`, made by `npm run build` first if missing or stale), as `npm run cli` and an install run it.',
    "- The raw read is the same `$all` read the runner starts from, with nothing done to the events: the ceiling of any rebuild. What separates the two, measured apart (the runner alone, the write floor of the rows, verify's recomputation), is in the read-models benchmark's section.",
    `- \`rebuild\` runs on one thread: it reads and checks the log, applies the handlers and writes their rows (one SQLite connection, one transaction per batch); \`verify\` has two helper threads (one per core, up to four) verify the sessions while its first thread waits, their young generation sized for a session's work. Each thread's CPU time is sampled from \`/proc\` while the command runs; on a machine whose two cores are shared, wall time follows the other work, so the last column says what the commands cost. By the busiest thread's CPU time against the raw read's CPU time: \`rebuild\` ${percent(byThread(rebuild.run, emptyRebuild))} of the raw read (less the same command's start-up on an empty store), \`verify\` ${percent(raw.cpuMs / verify.busiestThreadMs)} (its busiest thread is a helper, start-up included). What bounds \`rebuild\` is the handlers' work and the write floor, measured in the read-models benchmark's section. Its whole process used ${seconds(rebuild.run.processMs)} of CPU, ${seconds(rebuildWorkMs)} less its start-up (the same command on an empty store, below).`,
    verifyBounds(
      raw.cpuMs,
      (raw.events / raw.eventsPerSecond) * 1000,
      verify,
      startup,
      quickCheckMs,
    ),
  ].join('\n');
  console.log(`\n${table}`);
  writeBenchmarkSection(
    'cli-rebuild',
    'CLI rebuild and verify (`bench/cli-rebuild.bench.ts`)',
    markdown,
  );
}

const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-cli-'));
main(folder)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(folder, { recursive: true, force: true }));
