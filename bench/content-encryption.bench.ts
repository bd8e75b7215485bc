/**
 * Content encryption's cost on appends (`npm run bench -- content-encryption`): append throughput
 * with `CONTENT_ENCRYPTION=off` and `=on` on the embedded store, in the same run, interleaved.
 * Issue 28's target, with encryption on within 15 % of the throughput with it off, is judged on
 * the append a runtime waits for: `POST /v1/sessions/:id/messages` on the real server, concurrent
 * clients (`content-encryption-http.ts`). Beside it, the CPU view where sealing's own cost shows:
 * the write side alone (concurrent sessions appending agent turns of 4 messages through the
 * `CommandBus` and `AppendMessagesHandler`, as the server does, at the store's default
 * durability) and the store alone (`EventStore.append`, `synchronous=NORMAL`, so that the disk
 * hides less of the CPU: the plain `SqliteEventStore` against `ContentSealingEventStore` over it).
 * Prints the table and writes it to `docs/benchmarks.md`.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import {
  ContentSealingEventStore,
  sealedAppendSizeLimit,
  SqliteContentKeyStore,
} from '@agent-ledger/content-crypto';
import { loadServerConfig, type ServerConfig } from '@agent-ledger/config';
import { SqliteEventStore, type EventStore, type EventToAppend } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { OPEN_WRITER } from '@agent-ledger/session-commands';
import { AppendMessagesCommand } from '../apps/server/src/sessions/commands/append-messages.command';
import { writeBenchmarkSection } from './benchmark-report';
import { cipherContextCost } from './content-encryption-cipher';
import { startHttpSides } from './content-encryption-http';
import type { WarmUp } from './http-append-load';
import { agentTurn, WriteSideModule } from './write-side';
import { median, ratePerSecond } from './measure';

const SESSIONS = 16;
const TURNS_PER_SESSION_PER_ROUND = 60;
const ROUNDS = 7;
const STORE_APPENDS_PER_STREAM = 100;
const TARGET_RATIO = 0.85;
const HTTP_CONNECTIONS = 8;
const HTTP_ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const HTTP_ROUND_MS = Number(process.env['BENCH_ROUND_MS'] ?? 3000);

/** One configuration's write side and the turns its sessions have appended so far. */
class WriteSide {
  private turns = 0;

  private constructor(
    readonly app: INestApplicationContext,
    private readonly bus: CommandBus,
  ) {}

  static async open(config: ServerConfig): Promise<WriteSide> {
    const app = await NestFactory.createApplicationContext(WriteSideModule.forRoot(config), {
      logger: false,
    });
    return new WriteSide(app, app.get(CommandBus));
  }

  /** Events appended per second by `SESSIONS` sessions appending turns side by side. */
  async round(): Promise<{ rate: number; events: number }> {
    const rate = await ratePerSecond(async () => {
      const first = this.turns;
      this.turns += TURNS_PER_SESSION_PER_ROUND;
      await Promise.all(
        Array.from({ length: SESSIONS }, async (_, session) => {
          for (let index = first; index < this.turns; index += 1) {
            await this.bus.execute(
              new AppendMessagesCommand(
                OPEN_WRITER,
                `s${session}`,
                agentTurn(`s${session}`, index),
              ),
            );
          }
        }),
      );
      return SESSIONS * TURNS_PER_SESSION_PER_ROUND * 4;
    });
    return { rate, events: SESSIONS * TURNS_PER_SESSION_PER_ROUND * 4 };
  }
}

/** Session events of one turn, as the decider writes them, for the store-alone measure. */
function turnEvents(sessionId: string, index: number): EventToAppend[] {
  return agentTurn(sessionId, index).map((message) => ({
    id: randomUUID(),
    type: {
      user_input: 'UserInputRecorded',
      tool_call: 'ToolCallRecorded',
      tool_result: 'ToolResultRecorded',
      assistant_text: 'AssistantTextRecorded',
    }[message.kind as 'user_input'],
    data: { ...message, createdAt: '2026-04-08T10:00:00.000Z' },
    metadata: { schemaVersion: 1 },
  }));
}

/** Events per second appended to `store` by `SESSIONS` streams side by side. */
async function storeRound(
  store: EventStore,
  round: number,
): Promise<{ rate: number; events: number }> {
  const rate = await ratePerSecond(async () => {
    await Promise.all(
      Array.from({ length: SESSIONS }, async (_, session) => {
        for (let index = 0; index < STORE_APPENDS_PER_STREAM; index += 1) {
          await store.append(
            `session-r${round}-${session}`,
            turnEvents(`r${round}-${session}`, index),
          );
        }
      }),
    );
    return SESSIONS * STORE_APPENDS_PER_STREAM * 4;
  });
  return { rate, events: SESSIONS * STORE_APPENDS_PER_STREAM * 4 };
}

/** Each round's rate, the on / off ratio of each pair, and the process's CPU time per event. */
interface Interleaved {
  off: number[];
  on: number[];
  ratios: number[];
  /** Microseconds of CPU (all of the process's threads, user and system) per event appended. */
  cpuPerEvent: { off: number[]; on: number[] };
}

/** One measure of one configuration: its rate, and the CPU it spent per event. */
interface Measured {
  rate: number;
  cpuPerEvent: number;
}

/**
 * `measure` run in this process, with this process's CPU time per event: on a shared machine the
 * rate depends on the CPU the others leave, the CPU spent per event far less.
 */
function withCpu(
  measure: (which: 'off' | 'on', round: number) => Promise<{ rate: number; events: number }>,
): (which: 'off' | 'on', round: number) => Promise<Measured> {
  return async (which, round) => {
    const before = process.cpuUsage();
    const { rate, events } = await measure(which, round);
    const used = process.cpuUsage(before);
    return { rate, cpuPerEvent: (used.user + used.system) / events };
  };
}

async function interleave(
  rounds: number,
  measure: (which: 'off' | 'on', round: number) => Promise<Measured>,
  warmUp: () => Promise<unknown> = async () => {
    await measure('off', -1);
    await measure('on', -1);
  },
): Promise<Interleaved> {
  const off: number[] = [];
  const on: number[] = [];
  const ratios: number[] = [];
  const cpuPerEvent = { off: [] as number[], on: [] as number[] };
  // A warm-up of each, not recorded.
  await warmUp();
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which goes first, so that drift and caches favour neither.
    const order: Array<'off' | 'on'> = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    const rates: Record<string, number> = {};
    for (const which of order) {
      const measured = await measure(which, round);
      rates[which] = measured.rate;
      cpuPerEvent[which].push(measured.cpuPerEvent);
    }
    off.push(rates['off'] ?? Number.NaN);
    on.push(rates['on'] ?? Number.NaN);
    ratios.push((rates['on'] ?? Number.NaN) / (rates['off'] ?? Number.NaN));
  }
  return { off, on, ratios, cpuPerEvent };
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0] ?? Number.NaN;
  const folder = mkdtempSync(path.join(tmpdir(), 'content-encryption-bench-'));
  const sides = {
    off: await WriteSide.open(
      loadServerConfig({ DATA_DIR: path.join(folder, 'off'), CONTENT_ENCRYPTION: 'off' }),
    ),
    on: await WriteSide.open(
      loadServerConfig({ DATA_DIR: path.join(folder, 'on'), CONTENT_ENCRYPTION: 'on' }),
    ),
  };
  const server = await interleave(
    ROUNDS,
    withCpu((which) => sides[which].round()),
  );
  await sides.off.app.close();
  await sides.on.app.close();

  const plain = new SqliteEventStore({
    path: path.join(folder, 'store-off.sqlite'),
    synchronous: 'normal',
    validatePayload: validateSessionEventPayload,
  });
  const sealing = new ContentSealingEventStore({
    inner: new SqliteEventStore({
      path: path.join(folder, 'store-on.sqlite'),
      synchronous: 'normal',
      maxAppendSize: sealedAppendSizeLimit(),
    }),
    keys: new SqliteContentKeyStore({ path: path.join(folder, 'store-keys.sqlite') }),
    validatePayload: validateSessionEventPayload,
  });
  const store = await interleave(
    ROUNDS,
    withCpu((which, round) => storeRound(which === 'off' ? plain : sealing, round)),
  );
  await plain.close();
  await sealing.close();
  const bytesOf = (file: string): number =>
    ['', '-wal'].reduce((sum, suffix) => {
      const found = path.join(folder, `${file}${suffix}`);
      return existsSync(found) ? sum + statSync(found).size : sum;
    }, 0);
  const bytesRatio = bytesOf('store-on.sqlite') / bytesOf('store-off.sqlite');
  rmSync(folder, { recursive: true, force: true });

  // Last, with this process idle but for the clients: the servers have the cores to themselves.
  const http = await startHttpSides(HTTP_CONNECTIONS);
  let warmUps: Record<'off' | 'on', WarmUp> | undefined;
  const overHttp = await interleave(
    HTTP_ROUNDS,
    (which) => http.round(which, HTTP_ROUND_MS),
    async () => (warmUps = await http.warmUp()),
  );
  await http.stop();
  const cipher = cipherContextCost();

  const httpRatio = median(overHttp.on) / median(overHttp.off);
  const ratio = median(server.on) / median(server.off);
  const storeRatio = median(store.on) / median(store.off);
  const holds = httpRatio >= TARGET_RATIO;
  const warmedUp = (which: 'off' | 'on'): string =>
    warmUps === undefined ? 'n/a' : `${which} ${warmUps[which].ms / 1000} s`;
  const rate = (value: number): string => `${Math.round(value).toLocaleString('en-US')} events/s`;
  const cpu = (values: readonly number[]): string => `${median(values).toFixed(0)} µs`;
  const extra = (measured: Interleaved): string => {
    const difference = median(measured.cpuPerEvent.on) - median(measured.cpuPerEvent.off);
    return `${difference < 0 ? '−' : '+'}${Math.abs(difference).toFixed(0)} µs`;
  };
  const perRound = (values: readonly number[]): string =>
    values.map((value) => `${value.toFixed(2)}×`).join(', ');
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const markdown = `
Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- content-encryption'}\`

Run ${new Date().toISOString().slice(0, 10)} on ${machine}, in temporary folders on the local disk, with a load average of ${loadAtStart.toFixed(1)} at the start (the machine is shared). Every row measures encryption off and on in the same run, interleaved (which goes first alternates), after a warm-up of each. CPU is per event appended, the median of the rounds: the process's (every thread, user and system), for the HTTP rows the server process's (its projection runner included); on a shared machine the rate depends on the CPU the others leave, the CPU per event much less.

| what | encryption off | encryption on | on / off | CPU per event off | on | on − off |
|---|--:|--:|--:|--:|--:|--:|
| **HTTP** (\`POST /v1/sessions/:id/messages\` on the real server, \`npm start\`'s defaults, projection runner live): ${HTTP_CONNECTIONS} keep-alive clients, each appending turns to its own session; ${HTTP_ROUNDS} rounds of ${HTTP_ROUND_MS / 1000} s | ${rate(median(overHttp.off))} | ${rate(median(overHttp.on))} | **${httpRatio.toFixed(2)}×** | ${cpu(overHttp.cpuPerEvent.off)} | ${cpu(overHttp.cpuPerEvent.on)} | ${extra(overHttp)} |
| the write side alone (\`CommandBus\`, synchronous=FULL, no HTTP, no read models): ${SESSIONS} sessions appending ${TURNS_PER_SESSION_PER_ROUND} turns each per round; ${ROUNDS} rounds | ${rate(median(server.off))} | ${rate(median(server.on))} | ${ratio.toFixed(2)}× | ${cpu(server.cpuPerEvent.off)} | ${cpu(server.cpuPerEvent.on)} | ${extra(server)} |
| the store alone (\`EventStore.append\`, synchronous=NORMAL): ${SESSIONS} streams appending ${STORE_APPENDS_PER_STREAM} turns each per round; ${ROUNDS} rounds | ${rate(median(store.off))} | ${rate(median(store.on))} | ${storeRatio.toFixed(2)}× | ${cpu(store.cpuPerEvent.off)} | ${cpu(store.cpuPerEvent.on)} | ${extra(store)} |

Target (issue 28): append throughput with content encryption on within 15 % of it off, i.e. on / off ≥ ${TARGET_RATIO}, judged on the HTTP row: that append, answered once durable, is what a runtime waits for, and its cost is the whole server's (HTTP, validation, decider, store, read models), of which sealing is one part. **${holds ? 'Holds' : 'Does not hold'}: ${httpRatio.toFixed(2)}×** (per round: ${perRound(overHttp.ratios)}). The rows below it are the CPU view, where sealing's own cost shows: the write side alone ${ratio.toFixed(2)}× (per round: ${perRound(server.ratios)}), the store alone ${storeRatio.toFixed(2)}× (per round: ${perRound(store.ratios)}); ${ratio >= TARGET_RATIO ? 'the write side alone is within 15 % too' : 'the write side alone is not within 15 %'}.

- A turn is 4 runtime messages (user input, a \`Read\` tool call, its ~500-character result, the answer), in one \`AppendMessagesCommand\` or one request (~1.2 KB of JSON); the sessions of a round append side by side, so their commits share fsyncs as the server's do.
- HTTP: two servers (\`bench/content-encryption-server.ts\`), each in its own process with its own data folder, warmed up under the same load until their CPU time per turn settled, twice each, alternated (${warmedUp('off')}, ${warmedUp('on')} in all); each round's clock runs on until \`GET /health\` says the read models have caught up, so that a projection runner that lags cannot raise a rate. The clients run in this process, on the same cores.
- With encryption on, each event's plain payload is checked against its schema, serialized, sealed (AES-256-GCM under the session's data key, from the key store's cache after the session's first append; sealed parts of version 2: only what is not readable, the readable fields authenticated beside it), and its sealed form serialized; the session's first append also makes its key (one SQLite transaction on \`content-keys.sqlite\`, fsynced). On the HTTP row the projection runner also opens every sealed event it reads.
- The cipher's share, in a micro-bench on the same turns (\`bench/content-encryption-cipher.ts\`, IVs and additional data made beforehand, CPU per event, median of 9 rounds alternated): AES-256-GCM with a context per event (\`createCipheriv\`, \`setAAD\`, \`update\`, \`final\`, \`getAuthTag\`), as sealing does, ${cipher.perEvent.toFixed(1)} µs; one context per append of 4 events, ${cipher.perAppend.toFixed(1)} µs (what that would change is below the table, not built).
- The sealed store's file is ${bytesRatio.toFixed(2)}× the plain one's after the same appends: each sealed event is its readable fields plus the base64 of the rest, its IV and tag, and its key id.
`;
  console.log(markdown);
  writeBenchmarkSection(
    'content-encryption',
    'Content encryption: append throughput on and off (`bench/content-encryption.bench.ts`)',
    markdown,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
