/**
 * The HTTP append path against its floor (`npm run bench -- http-append`): 8 keep-alive
 * connections POSTing 4-message agent turns (~2.3 KB) to `/v1/sessions/:id/messages`, against
 * (floor) a bare Fastify route writing the same rows in one better-sqlite3 transaction (WAL,
 * synchronous=FULL, `bench/raw-sqlite-floor.ts`) and (ours) the whole server with its projection
 * runner live. Each server runs in its own process; rounds alternate between them. Issue 16's
 * target: ours at ≥ 60% of the floor's turns per second. `BENCH_CPU_PROF=<dir>` writes CPU
 * profiles of both servers there. Prints the table and writes it to `docs/benchmarks.md`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmark-report';
import {
  processCpuMs,
  readModelsCaughtUp,
  runLoad,
  SETTLED,
  SETTLED_SLICES,
  startBenchServer,
  WARM_UP_SLICE_MS,
  warmUpUntilSettled,
  type BenchServer,
  type LoadResult,
  type WarmUp,
} from './http-append-load';
import { agentTurn } from './http-append-turn';
import {
  monotonicMicros,
  profileShares,
  threadTimes,
  type ProfilePart,
} from './http-append-profile';
import { median } from './measure';

const CONNECTIONS = 8;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const ROUND_MS = Number(process.env['BENCH_ROUND_MS'] ?? 4000);
const TARGET = 0.6;
const SERVER = path.join(__dirname, 'http-append-server.ts');

/** Where our server's event loop goes (parts may nest). */
const PARTS: ProfilePart[] = [
  {
    label: 'the projection runner, when on the event loop (`PROJECTION_RUNNER=inline`)',
    functionName: 'follow',
    file: 'runner/projection-runner.ts',
  },
  {
    label: 'the session command runner (load and decide; the append is queued)',
    functionName: 'runExclusive',
    file: 'session-commands/src/session-command-runner.ts',
  },
  {
    label: '… of which the decider (`decideSession`)',
    functionName: 'decideSession',
    file: 'sessions/src/decide-session.ts',
  },
  {
    label: "the runtime messages' JSON Schemas (`parseRuntimeMessages`)",
    functionName: 'parseRuntimeMessages',
    file: 'events/src/parse-runtime-messages.ts',
  },
  {
    label: 'the validation pipe (its plain checks, class-validator for the rest)',
    functionName: 'transform',
    file: 'http/create-validation-pipe.ts',
  },
  {
    label: 'group commits on the event loop (before the write worker is ready)',
    functionName: 'commit',
    file: 'sqlite/group-commit.ts',
  },
  {
    label: 'socket writes (`writev`)',
    functionName: 'writev',
    file: '',
  },
  {
    label: 'garbage collection',
    functionName: '(garbage collector)',
    file: '',
  },
];

/** Where the write worker's thread goes. */
const WORKER_PARTS: ProfilePart[] = [
  {
    label: 'the commit of each batch (its inserts, then COMMIT and its fsync)',
    functionName: 'flush',
    file: 'sqlite/group-commit.ts',
  },
];

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** Where the data of the CPU-bound rounds go: memory (tmpfs), where an fsync costs nothing. */
const MEMORY_DIR = '/dev/shm';

/**
 * One round of each server with its data on tmpfs (no fsync cost): the ratio of what the two
 * cost in CPU alone, the disk out of the way. Not in the ratio above; none on a machine without
 * `/dev/shm`.
 */
async function cpuBoundRounds(
  load: (which: 'floor' | 'ours', durationMs: number) => Promise<MeasuredLoad>,
  servers: Record<'floor' | 'ours', BenchServer>,
): Promise<{ floor: number; ours: number } | undefined> {
  if (!existsSync(MEMORY_DIR)) return undefined;
  const dir = mkdtempSync(path.join(MEMORY_DIR, 'http-append-bench-'));
  try {
    const rates = { floor: 0, ours: 0 };
    for (const which of ['floor', 'ours'] as const) {
      servers[which] = await startBenchServer(SERVER, [which, dir]);
      await warmUp(load, which, servers);
      const result = await load(which, ROUND_MS);
      rates[which] = result.requests / result.seconds;
      await servers[which].stop();
    }
    return rates;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A load run with the server process's CPU time per turn over it (`undefined`: not known). */
interface MeasuredLoad extends LoadResult {
  /** How long the read models took to catch up after the load (counted in `seconds`). */
  catchUpMs: number;
  cpuPerTurnUs: number | undefined;
}

/** Loads `which` until its CPU time per turn settles (`warmUpUntilSettled`). */
function warmUp(
  load: (which: 'floor' | 'ours', durationMs: number) => Promise<MeasuredLoad>,
  which: 'floor' | 'ours',
  servers: Record<'floor' | 'ours', BenchServer>,
): Promise<WarmUp> {
  return warmUpUntilSettled(servers[which].pid, (durationMs) => load(which, durationMs));
}

/** The threads' busy time summed, in cores (each over its own profile's span). */
function busyCores(threads: ReadonlyArray<{ busyMs: number; totalMs: number }>): number {
  return threads.reduce(
    (sum, { busyMs, totalMs }) => sum + (totalMs === 0 ? 0 : busyMs / totalMs),
    0,
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'http-append-bench-'));
  const servers: Record<'floor' | 'ours', BenchServer> = {
    floor: await startBenchServer(SERVER, ['floor', dataDir]),
    ours: await startBenchServer(SERVER, ['ours', dataDir]),
  };
  let round = 0;
  const load = async (which: 'floor' | 'ours', durationMs: number): Promise<MeasuredLoad> => {
    round += 1;
    const prefix = `${which}-${round}`;
    const { pid } = servers[which];
    const cpuBefore = processCpuMs(pid);
    const result = await runLoad({
      port: servers[which].port,
      connections: CONNECTIONS,
      durationMs,
      target: (connection) => `/v1/sessions/${prefix}-${connection}/messages`,
      body: (connection, index) =>
        JSON.stringify({ messages: agentTurn(`${prefix}-${connection}`, index) }),
    });
    // The read models' work is part of ours: the time (and CPU) they take to catch up after
    // the load stops counts in the round, so a runner that lags cannot make the rate look better.
    const catchUpMs = which === 'ours' ? await readModelsCaughtUp(servers[which].port) : 0;
    const cpuAfter = processCpuMs(pid);
    const cpuPerTurnUs =
      cpuBefore === undefined || cpuAfter === undefined || result.requests === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / result.requests;
    return { ...result, seconds: result.seconds + catchUpMs / 1000, catchUpMs, cpuPerTurnUs };
  };
  const warmUps = {
    floor: await warmUp(load, 'floor', servers),
    ours: await warmUp(load, 'ours', servers),
  };
  const results: Record<'floor' | 'ours', MeasuredLoad[]> = { floor: [], ours: [] };
  for (let index = 0; index < ROUNDS; index += 1) {
    const order: Array<'floor' | 'ours'> = index % 2 === 0 ? ['floor', 'ours'] : ['ours', 'floor'];
    for (const which of order) results[which].push(await load(which, ROUND_MS));
  }
  await servers.floor.stop();
  await servers.ours.stop();
  const inMemory = await cpuBoundRounds(load, servers);
  // One more round of ours under the CPU profiler (not in the ratio: profiling slows it down).
  const profileDir = path.join(dataDir, 'profile');
  mkdirSync(profileDir);
  mkdirSync(path.join(dataDir, 'profiled'));
  const profiled = await startBenchServer(
    SERVER,
    ['ours', path.join(dataDir, 'profiled')],
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  servers.ours = profiled;
  // Warmed up as the others were; the profile is read from the measured round's start only.
  await warmUp(load, 'ours', servers);
  const profiledFrom = monotonicMicros();
  // The load generator runs in this process, on the same cores: its CPU over the profiled round.
  const loadCpuBefore = process.cpuUsage();
  const loadStarted = performance.now();
  await load('ours', ROUND_MS);
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const loadShare = (loadCpu.user + loadCpu.system) / 1000 / (performance.now() - loadStarted);
  await profiled.stop();
  const shares = profileShares(profileDir, PARTS, 'main', profiledFrom);
  const workerShares = profileShares(profileDir, WORKER_PARTS, 'write worker', profiledFrom);
  const mainTimes = threadTimes(profileDir, 'main', profiledFrom);
  const workerTimes = threadTimes(profileDir, 'write worker', profiledFrom);
  const runnerTimes = threadTimes(profileDir, 'projection runner', profiledFrom);
  const serverCores = busyCores([mainTimes, workerTimes, runnerTimes]);
  const busyPercent = ({ busyMs, totalMs }: { busyMs: number; totalMs: number }): string =>
    totalMs === 0 ? 'n/a' : `${((busyMs / totalMs) * 100).toFixed(0)}%`;
  rmSync(dataDir, { recursive: true, force: true });

  const rate = (result: LoadResult): number => result.requests / result.seconds;
  const floorRate = median(results.floor.map(rate));
  const oursRate = median(results.ours.map(rate));
  const ratios = results.ours.map(
    (result, index) => rate(result) / rate(results.floor[index] ?? result),
  );
  const ratio = oursRate / floorRate;
  const fastestFloor = results.floor
    .map((result, index) => ({ floorRate: rate(result), ratio: ratios[index] ?? Number.NaN }))
    .reduce((best, round) => (round.floorRate > best.floorRate ? round : best));
  const latencies = (which: 'floor' | 'ours'): number[] =>
    results[which].flatMap((result) => result.latencies);
  const cpuPerTurn = (which: 'floor' | 'ours'): string => {
    const known = results[which].flatMap((result) =>
      result.cpuPerTurnUs === undefined ? [] : [result.cpuPerTurnUs],
    );
    return known.length === 0 ? 'n/a' : `${Math.round(median(known))} µs`;
  };
  const row = (label: string, which: 'floor' | 'ours', share: string): string =>
    `| ${label} | ${Math.round(which === 'floor' ? floorRate : oursRate).toLocaleString('en-US')} | ${median(latencies(which)).toFixed(2)} ms | ${percentile(latencies(which), 0.99).toFixed(2)} ms | ${cpuPerTurn(which)} | ${share} |`;
  const warmedUp = (which: 'floor' | 'ours'): string =>
    `${which === 'floor' ? 'the floor' : 'ours'} ${warmUps[which].ms / 1000} s`;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const markdown = `
Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- http-append'}\`

Run ${new Date().toISOString().slice(0, 10)} on ${machine}, a temporary folder on the local disk. ${CONNECTIONS} keep-alive connections, each appending turns to its own session one after another; ${ROUNDS} rounds of ${ROUND_MS / 1000} s per server, alternating, after a warm-up of each under the same load until its CPU time per turn settled (within ${SETTLED * 100}% over ${SETTLED_SLICES} slices of ${WARM_UP_SLICE_MS / 1000} s in a row: ${warmedUp('floor')}, ${warmedUp('ours')}). Until V8's optimizing compiler has compiled a server's hot code, on background threads that share the cores, a round measures the compiler${warmUps.ours.firstCpuPerTurnUs === undefined || warmUps.ours.cpuPerTurnUs === undefined ? '' : `: in its first second ours spent ${Math.round(warmUps.ours.firstCpuPerTurnUs)} µs of CPU per turn, at the end of its warm-up ${Math.round(warmUps.ours.cpuPerTurnUs)} µs`}.

| server | turns/s (median of rounds) | latency p50 | latency p99 | CPU per turn (its process, every thread) | of the floor |
|---|--:|--:|--:|--:|--:|
${row('bare Fastify + better-sqlite3 (floor)', 'floor', '100%')}
${row('Agent Ledger (`npm start`), projection runner live', 'ours', `**${(ratio * 100).toFixed(0)}%**`)}

Ours counts its read models: after each round the clock runs on until \`GET /health\` says they have caught up with the log (at most ${Math.round(Math.max(...results.ours.map((result) => result.catchUpMs)))} ms after a round here), so a projection runner that fell behind cannot raise the rate. The CPU per turn is the server process's (all its threads, V8's compiler and collector included) over the round and that catch-up, from \`/proc\`.

Target (issue 16): ≥ ${TARGET * 100}% of the floor: **${ratio >= TARGET ? 'holds' : 'does not hold'} on this run's disk: ${(ratio * 100).toFixed(0)}%**${inMemory === undefined ? '' : `; with the disk out of the way (tmpfs, below) **${inMemory.ours / inMemory.floor >= TARGET ? 'holds' : 'does not hold'}: ${((inMemory.ours / inMemory.floor) * 100).toFixed(0)}%**`} (per round: ${ratios.map((value) => `${(value * 100).toFixed(0)}%`).join(', ')}; the floor's turns/s per round: ${results.floor.map((result) => Math.round(rate(result)).toLocaleString('en-US')).join(', ')}).

The floor pays one fsync per turn on its only thread, so its rate follows the disk's fsync time of the moment (a disk other work shares); ours shares each fsync among the appends of a batch on its write worker and falls less when fsyncs are slow: read the ratio beside the floor's rate. In the round where the floor was fastest (${Math.round(fastestFloor.floorRate).toLocaleString('en-US')} turns/s, the disk least contended), ours was ${(fastestFloor.ratio * 100).toFixed(0)}% of it.${inMemory === undefined ? '' : ` With the disk out of the way (one more round of each, the data on tmpfs, where an fsync costs nothing), the floor made ${Math.round(inMemory.floor).toLocaleString('en-US')} turns/s and ours ${Math.round(inMemory.ours).toLocaleString('en-US')}: **${((inMemory.ours / inMemory.floor) * 100).toFixed(0)}%**, what our CPU per turn allows against the floor's.`}

What bounds it, measured: a CPU profile of our server over one more round (${ROUND_MS / 1000} s, after the same warm-up, not in the ratio). Its event loop was busy ${busyPercent(mainTimes)} of the round, the event store's write worker thread ${busyPercent(workerTimes)} (${((workerShares.get(WORKER_PARTS[0]?.label ?? '') ?? 0) * 100).toFixed(0)}% of that committing batches: inserts, COMMIT and its fsync), the projection runner's thread ${busyPercent(runnerTimes)} (every read model: transcript, debug, export, session list, search, analytics). The share of the event loop's busy time under each part (its start-up left out, and compiling the JSON Schemas on the first requests):

| part of the event loop's work | share of its busy CPU time |
|---|--:|
${PARTS.map((part) => `| ${part.label} | ${((shares.get(part.label) ?? 0) * 100).toFixed(1)}% |`).join('\n')}

- ${mainTimes.totalMs > 0 && mainTimes.busyMs / mainTimes.totalMs >= 0.9 ? `The event loop is the bound (${busyPercent(mainTimes)} busy).` : `The event loop had idle time left (${busyPercent(mainTimes)} busy). Together the server's three threads kept ${(serverCores * 100).toFixed(0)}% of a core busy and the load generator (this process) ${(loadShare * 100).toFixed(0)}%, of the ${cpus().length} cores: ${(serverCores + loadShare) / cpus().length >= 0.85 ? "the machine's CPU is the bound, not one thread" : 'neither one thread nor the CPU is saturated: the rest waits on the disk'}.`} The appends' commits run on the write worker (group commit: the appends that arrive while it commits one batch go together in the next, one transaction and one fsync), so the floor's own cost, one fsync per turn on the request's thread, is not ours; the projection runner has a thread of its own too (its own connections to both files, woken by the store's append signal). What is left on the event loop is the HTTP stack (Fastify and Nest: routing, the hardening hooks, authentication, body parsing, the reply) and the parts above. The three threads share the machine's ${cpus().length} cores with the load generator.
- A turn is 4 runtime messages (user input, a \`Read\` call, its ~2 KB result, the answer), ~2.3 KB of JSON, POSTed to \`/v1/sessions/:id/messages\` without \`expectedRevision\`.
- The floor is a bare Fastify 5 route in its own process: Fastify's JSON body parser, one \`BEGIN IMMEDIATE\` transaction inserting the same 4 rows (the event store's table and indexes, WAL, synchronous=FULL), the same answer; no validation, no idempotence, no read models.
- Ours is the whole application (\`createApp\`, the configuration's defaults) in its own process: HTTP hardening, the validation pipe, the runtime messages' JSON Schemas, the decider, the event store's append (synchronous=FULL, group-committed on its write worker thread), and the projection runner writing every read model (transcript, debug, export, session list, search, analytics) on its own thread, on the same two cores.
`;
  console.log(markdown);
  writeBenchmarkSection(
    'http-append',
    'HTTP append against a bare Fastify floor (`bench/http-append.bench.ts`)',
    markdown,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
