/**
 * Appends while the session is followed live (`npm run bench -- sse-fan-out`): the time of one
 * HTTP append (a 4-message turn) with no transcript subscriber, then with 500 Server-Sent Events
 * subscribers of the same session, then without again, in the same server process. Issue 16's
 * target: the append p50 with 500 subscribers ≤ 1.5× the p50 without. Every subscriber must
 * receive every entry, in order (checked). Prints the table and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBenchmarkSection } from './benchmark-report';
import {
  post,
  readModelsCaughtUp,
  runLoad,
  startBenchServer,
  warmUpUntilSettled,
} from './http-append-load';
import { agentTurn } from './http-append-turn';
import { startSubscribers } from './sse-subscribers';
import { median } from './measure';

const SUBSCRIBERS = Number(process.env['BENCH_SUBSCRIBERS'] ?? 500);
const APPENDS = Number(process.env['BENCH_APPENDS'] ?? 300);
const WARM_UP = 50;
const TARGET = 1.5;
/** The fan-out's write interval under a stream of appends (`TranscriptFanOut`'s default). */
const WRITE_INTERVAL_MS = 200;
const SESSION = 'followed';

interface Phases {
  /** How long the server was warmed up under load before the first phase, in ms. */
  warmUpMs: number;
  without: number;
  followed: number;
  withoutP90: number;
  followedP90: number;
  complete: number;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/**
 * Against the `which` bench server: appends with no subscriber, then with `SUBSCRIBERS` of the
 * same session (checking that each received every entry, in order), then without again.
 */
async function phases(which: 'floor' | 'ours'): Promise<Phases> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sse-bench-'));
  const server = await startBenchServer(path.join(__dirname, 'http-append-server.ts'), [
    which,
    dataDir,
  ]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let turn = 0;
  let revision = -1;
  const append = async (): Promise<number> => {
    const body = JSON.stringify({ messages: agentTurn(SESSION, turn) });
    turn += 1;
    const started = performance.now();
    const answer = JSON.parse(
      await post(agent, server.port, `/v1/sessions/${SESSION}/messages`, body),
    ) as {
      revision: number;
    };
    const ms = performance.now() - started;
    revision = answer.revision;
    return ms;
  };
  const series = async (count: number): Promise<number[]> => {
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) times.push(await append());
    return times;
  };

  // Warmed up under 8 connections' load on sessions of their own until its CPU time per turn
  // settles (V8 compiles the hot code meanwhile), and its read models have caught up; then the
  // followed session's own warm-up appends.
  const warmUp = await warmUpUntilSettled(server.pid, (durationMs) =>
    runLoad({
      port: server.port,
      connections: 8,
      durationMs,
      target: (connection) => `/v1/sessions/warm-${connection}/messages`,
      body: (connection, index) =>
        JSON.stringify({ messages: agentTurn(`warm-${connection}`, index) }),
    }),
  );
  if (which === 'ours') await readModelsCaughtUp(server.port);
  await series(WARM_UP);
  const before = await series(APPENDS);
  // The stream needs the session in the read model: wait until it has caught up.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const from = revision;
  const subscribers = await startSubscribers(server.port, SESSION, from, SUBSCRIBERS);
  await series(WARM_UP);
  const followed = await series(APPENDS);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const complete = await subscribers.complete(from, revision);
  await subscribers.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await series(APPENDS);
  agent.destroy();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    warmUpMs: warmUp.ms,
    without: median([...before, ...after]),
    followed: median(followed),
    withoutP90: percentile([...before, ...after], 0.9),
    followedP90: percentile(followed, 0.9),
    complete,
  };
}

async function main(): Promise<void> {
  const floor = await phases('floor');
  const ours = await phases('ours');
  const { complete } = ours;
  const { without } = ours;
  const withSubscribers = ours.followed;
  const ratio = withSubscribers / without;
  const floorRatio = floor.followed / floor.without;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const markdown = `
Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- sse-fan-out'}\`

Run ${new Date().toISOString().slice(0, 10)} on ${machine}, a temporary folder on the local disk. One server process (\`createApp\`, projection runner live); one client appending turns one after another (the subscribers read their streams in a process of their own, \`bench/sse-subscribers.ts\`, so that reading them does not hold up the appending client's event loop), ${APPENDS} appends per phase after ${WARM_UP} warm-up appends. Each server is first warmed up under the load of 8 connections on sessions of their own until its CPU time per turn settles (\`bench/http-append-load.ts\`: ours ${ours.warmUpMs / 1000} s, the floor ${floor.warmUpMs / 1000} s), so that no phase runs while V8 still compiles the server's hot code.

| phase | appends | append p50 | append p90 | of the p50 without |
|---|--:|--:|--:|--:|
| Agent Ledger, no subscriber (before and after) | ${2 * APPENDS} | ${without.toFixed(2)} ms | ${ours.withoutP90.toFixed(2)} ms | 1.00× |
| Agent Ledger, ${SUBSCRIBERS} SSE subscribers of the same session | ${APPENDS} | ${withSubscribers.toFixed(2)} ms | ${ours.followedP90.toFixed(2)} ms | **${ratio.toFixed(2)}×** |
| floor, no subscriber | ${2 * APPENDS} | ${floor.without.toFixed(2)} ms | ${floor.withoutP90.toFixed(2)} ms | 1.00× |
| floor, ${SUBSCRIBERS} subscribers | ${APPENDS} | ${floor.followed.toFixed(2)} ms | ${floor.followedP90.toFixed(2)} ms | ${floorRatio.toFixed(2)}× |

Target (issue 16): ≤ ${TARGET}× with ${SUBSCRIBERS} subscribers: **${ratio <= TARGET ? 'holds' : 'does not hold'}: ${ratio.toFixed(2)}×**. Subscribers that received every entry of the followed phase exactly once, in revision order: ${complete} of ${SUBSCRIBERS}.

- A turn is 4 runtime messages (~2.3 KB), so each append sends 4 \`entry\` events to every subscriber (${SUBSCRIBERS} × 4 frames of ~0.5–2 KB, ~${((SUBSCRIBERS * 3.2) / 1000).toFixed(1)} MB per append through the loopback).
- The floor is a bare Fastify server (\`bench/http-append-server.ts\`, \`floor\`): the append writes the same rows in one transaction (synchronous=FULL), then serializes the 4 entries once and writes that text to every open stream of the session, before answering. Its ratio is what delivering those bytes costs on this machine; ours is to be read against it.
- How ours stays near its p50 without subscribers: it answers the append first, and while appends keep coming it writes each socket once per ${WRITE_INTERVAL_MS} ms (the first write after a quiet spell at once), in slices of 50 sockets per turn of the event loop, so most appends find the event loop free; the appends that meet a write wait for it (the p90). Delivering the entries to ${SUBSCRIBERS} sockets adds ${(floor.followed - floor.without).toFixed(2)} ms to the floor's append (p50 with subscribers minus without), which writes every socket before answering; it adds ${(ours.followed - ours.without).toFixed(2)} ms to ours.${ratio <= TARGET ? '' : ` The ${TARGET}× target would leave ${(ours.without * (TARGET - 1)).toFixed(2)} ms per append for those bytes: ${ours.without * (TARGET - 1) < floor.followed - floor.without ? 'less' : 'more'} than the floor itself needs to send them.`}
- A subscriber that stops reading is closed once it leaves 16 MiB unread (it resumes with \`Last-Event-ID\` on reconnect), so none grows the server's memory without bound.
- The feed reads a session's changes once per committed batch and serializes them once for every subscriber at the same cursor and view, then writes that one text to each socket (\`apps/server/src/queries/transcript-fan-out.ts\`).
`;
  console.log(markdown);
  if (complete !== SUBSCRIBERS)
    throw new Error(`${SUBSCRIBERS - complete} subscribers missed entries`);
  writeBenchmarkSection(
    'sse-fan-out',
    'Appends with live transcript subscribers (`bench/sse-fan-out.bench.ts`)',
    markdown,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
