/**
 * The HTTP rows of `bench/content-encryption.bench.ts`: the append a runtime waits for,
 * `POST /v1/sessions/:id/messages`, on two real servers (`content-encryption-server.ts`, each in
 * its own process, one with `CONTENT_ENCRYPTION=off`, one with `=on`), driven by concurrent
 * keep-alive clients as `bench/http-append.bench.ts` drives its server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  processCpuMs,
  readModelsCaughtUp,
  runLoad,
  startBenchServer,
  warmUpUntilSettled,
  type BenchServer,
  type WarmUp,
} from './http-append-load';
import { agentTurn } from './write-side';

const SERVER = path.join(__dirname, 'content-encryption-server.ts');
/** Messages in one turn of `agentTurn`. */
const EVENTS_PER_TURN = 4;

/** What one round of one server measured. */
export interface HttpRound {
  /** Events appended per second, the read models' catch-up after the load counted in the time. */
  rate: number;
  /** Microseconds of the server process's CPU (every thread, user and system) per event. */
  cpuPerEvent: number;
  /** How many turns (requests) the round made. */
  turns: number;
}

/** Both servers, and a round of either: `connections` clients appending for `durationMs`. */
export interface HttpSides {
  round(which: 'off' | 'on', durationMs: number): Promise<HttpRound>;
  /**
   * Loads each server until its CPU time per turn settles (`warmUpUntilSettled`), twice,
   * alternated; answers each server's warm-up time in all and its last settled CPU per turn.
   */
  warmUp(): Promise<Record<'off' | 'on', WarmUp>>;
  stop(): Promise<void>;
}

/**
 * Starts a server with encryption off and one with it on, each on a data folder of its own under
 * a temporary folder on the local disk. Each client (connection) appends to its own session,
 * turn after turn, the turn index going on from round to round: the sessions grow as a
 * runtime's do, and a session's data key is made once, on its first turn.
 */
export async function startHttpSides(connections: number): Promise<HttpSides> {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-encryption-http-'));
  const servers: Record<'off' | 'on', BenchServer> = {
    off: await startBenchServer(SERVER, ['off', path.join(folder, 'off')]),
    on: await startBenchServer(SERVER, ['on', path.join(folder, 'on')]),
  };
  const nextTurn: Record<'off' | 'on', number[]> = {
    off: Array.from({ length: connections }, () => 0),
    on: Array.from({ length: connections }, () => 0),
  };
  const round = async (which: 'off' | 'on', durationMs: number): Promise<HttpRound> => {
    const { pid, port } = servers[which];
    const turns = nextTurn[which];
    const cpuBefore = processCpuMs(pid);
    const result = await runLoad({
      port,
      connections,
      durationMs,
      target: (connection) => `/v1/sessions/client-${connection}/messages`,
      body: (connection) => {
        const index = turns[connection] ?? 0;
        turns[connection] = index + 1;
        return JSON.stringify({ messages: agentTurn(`client-${connection}`, index) });
      },
    });
    // The read models' work is the server's too: the clock runs on until they have caught up,
    // so that a projection runner that lags behind cannot make a rate look better.
    const catchUpMs = await readModelsCaughtUp(port);
    const cpuAfter = processCpuMs(pid);
    const events = result.requests * EVENTS_PER_TURN;
    return {
      rate: events / (result.seconds + catchUpMs / 1000),
      cpuPerEvent:
        cpuBefore === undefined || cpuAfter === undefined || events === 0
          ? Number.NaN
          : ((cpuAfter - cpuBefore) * 1000) / events,
      turns: result.requests,
    };
  };
  return {
    round,
    warmUp: async () => {
      // Twice each, alternated: a server left idle while the other warms up is warmed again,
      // and each gets at least two warm-ups' time of V8's optimizing compiler.
      const warm = (which: 'off' | 'on'): Promise<WarmUp> =>
        warmUpUntilSettled(servers[which].pid, (ms) => round(which, ms).then(asRequests));
      const first = { off: await warm('off'), on: await warm('on') };
      const second = { off: await warm('off'), on: await warm('on') };
      return {
        off: { ...second.off, ms: first.off.ms + second.off.ms },
        on: { ...second.on, ms: first.on.ms + second.on.ms },
      };
    },
    stop: async () => {
      await servers.off.stop();
      await servers.on.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function asRequests(measured: HttpRound): { requests: number } {
  return { requests: measured.turns };
}
