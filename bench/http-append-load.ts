import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.join(__dirname, '..');

/** A bench server running in its own Node process. */
export interface BenchServer {
  port: number;
  /** The server process's id (for its CPU time, `processCpuMs`). */
  pid: number;
  stop(): Promise<void>;
}

/** Clock ticks per second of `/proc`'s CPU times (`getconf CLK_TCK`), asked once. */
let clockTicks: number | undefined;

/**
 * The CPU time (user and system, every thread) process `pid` has used so far, in ms, from
 * `/proc/<pid>/stat`; `undefined` where there is no `/proc` (not Linux).
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, in parentheses): utime is the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

/**
 * Starts `script` (a bench file) in a child Node process with the repository's TypeScript hook
 * and waits for its `listening <port>` line. `nodeOptions` go before the script; with
 * `BENCH_CPU_PROF=<dir>` in the environment, the server writes a CPU profile there when it stops.
 */
export function startBenchServer(
  script: string,
  args: readonly string[],
  nodeOptions: readonly string[] = [],
): Promise<BenchServer> {
  const profile = process.env['BENCH_CPU_PROF'];
  const profiling = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
  const child = spawn(
    process.execPath,
    [
      ...profiling,
      ...nodeOptions,
      '-r',
      path.join(ROOT, 'scripts', 'ts-register.js'),
      script,
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match !== null) {
        child.removeAllListeners('exit');
        resolve({ port: Number(match[1]), pid: child.pid ?? -1, stop: () => stopChild(child) });
      }
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** What one load run measured. */
export interface LoadResult {
  requests: number;
  seconds: number;
  latencies: number[];
}

/**
 * `connections` keep-alive connections each sending `body(connection, index)` to
 * `target(connection, index)` one after another for `durationMs`; every answer must be 200.
 */
export async function runLoad(options: {
  port: number;
  connections: number;
  durationMs: number;
  target: (connection: number, index: number) => string;
  body: (connection: number, index: number) => string;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async (connection: number): Promise<void> => {
    for (let index = 0; performance.now() < deadline; index += 1) {
      const sent = performance.now();
      await post(
        agent,
        options.port,
        options.target(connection, index),
        options.body(connection, index),
      );
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(
    Array.from({ length: options.connections }, (_, connection) => worker(connection)),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, seconds, latencies };
}

/** POSTs a JSON body; resolves with the answer's text, rejects unless the status is 200. */
export function post(
  agent: http.Agent,
  port: number,
  target: string,
  body: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: target,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(text)
            : reject(new Error(`POST ${target}: ${response.statusCode} ${text}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** How many events the server's read models are behind its log (`GET /health`), `null` if unknown. */
export function readModelsBehind(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/health' }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const health = JSON.parse(text) as { readModels?: { behind?: number | null } };
          resolve(health.readModels?.behind ?? null);
        });
      })
      .on('error', reject);
  });
}

/**
 * Waits until the server's read models have caught up with its log; resolves with how long
 * that took, in ms (0: they had).
 */
export async function readModelsCaughtUp(port: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const behind = await readModelsBehind(port);
    if (behind === 0 || behind === null) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A server is warmed up under load, in slices of `WARM_UP_SLICE_MS`, until its CPU time per turn
 * settles: `SETTLED_SLICES` slices in a row within `SETTLED` of each other, after at least
 * `WARM_UP_MIN_MS` (`WARM_UP_MAX_MS` at the most; where the CPU time cannot be read, the
 * minimum). A server's code is compiled by V8's optimizing compiler on background threads as it
 * gets hot: for the whole application, on two shared cores, that takes ten seconds and more, and
 * a measure taken before it ends measures the compiler, not the server.
 */
export const WARM_UP_SLICE_MS = 1000;
const WARM_UP_MIN_MS = 5000;
const WARM_UP_MAX_MS = 40000;
export const SETTLED = 0.1;
export const SETTLED_SLICES = 3;

/** How a server's warm-up went: its length, and its CPU time per turn in its first and last slice. */
export interface WarmUp {
  ms: number;
  /** In the first slice, when V8 has compiled little. */
  firstCpuPerTurnUs: number | undefined;
  cpuPerTurnUs: number | undefined;
}

/**
 * Runs `slice` (a load of the server `pid` for the given ms, answering how many turns it made)
 * until the server's CPU time per turn settles (see `WARM_UP_SLICE_MS`).
 */
export async function warmUpUntilSettled(
  pid: number,
  slice: (durationMs: number) => Promise<{ requests: number }>,
): Promise<WarmUp> {
  const slices: number[] = [];
  for (let elapsed = WARM_UP_SLICE_MS; ; elapsed += WARM_UP_SLICE_MS) {
    const before = processCpuMs(pid);
    const { requests } = await slice(WARM_UP_SLICE_MS);
    const after = processCpuMs(pid);
    const cpuPerTurnUs =
      before === undefined || after === undefined || requests === 0
        ? undefined
        : ((after - before) * 1000) / requests;
    if (cpuPerTurnUs !== undefined) slices.push(cpuPerTurnUs);
    const last = slices.slice(-SETTLED_SLICES);
    const settled =
      cpuPerTurnUs === undefined ||
      (last.length === SETTLED_SLICES && Math.max(...last) <= (1 + SETTLED) * Math.min(...last));
    if ((settled && elapsed >= WARM_UP_MIN_MS) || elapsed >= WARM_UP_MAX_MS) {
      return { ms: elapsed, firstCpuPerTurnUs: slices[0], cpuPerTurnUs };
    }
  }
}
