/**
 * The write side's benchmark (`npm run bench -- append-latency`): the time of one append (one agent
 * turn of 4 messages, through the `CommandBus` and `AppendMessagesHandler`, with the server's SQLite
 * store at its default durability) in sessions of 100 events and in a session of 20,000 events, in
 * the same run, interleaved. Issue 4's target: at 20,000 events, within 1.5× of the time at 100 —
 * the decider's state is cached between commands, so an append reads no history. Also shows, for
 * information, the first command after a restart (the state is read from the stream once).
 * Prints the table and writes it to `docs/benchmarks.md`.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { OPEN_WRITER } from '@agent-ledger/session-commands';
import { loadServerConfig } from '@agent-ledger/config';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { AppendMessagesCommand } from '../apps/server/src/sessions/commands/append-messages.command';
import { writeBenchmarkSection } from './benchmark-report';
import { agentTurn, WriteSideModule } from './write-side';
import { median } from './measure';

const SHORT_LENGTH = 100;
const LONG_LENGTH = 20_000;
/** Short sessions taking turns, so that each stays near 100 events while being measured. */
const SHORT_SESSIONS = 60;
const ROUNDS = 3;
const APPENDS_PER_ROUND = 200;
const WARM_UP_APPENDS = 50;
const TARGET_RATIO = 1.5;

class Sessions {
  private readonly turns = new Map<string, number>();

  constructor(private readonly bus: CommandBus) {}

  /** Appends turns in batches of 100 until the session holds at least `events` events. */
  async fill(sessionId: string, events: number): Promise<void> {
    while (this.eventsIn(sessionId) < events) {
      const messages: RuntimeMessage[] = [];
      while (messages.length < 400 && this.eventsIn(sessionId) + messages.length < events) {
        messages.push(...agentTurn(sessionId, this.nextTurn(sessionId)));
      }
      await this.bus.execute(new AppendMessagesCommand(OPEN_WRITER, sessionId, messages));
    }
  }

  /** Milliseconds of one append of one turn. */
  async timeOneAppend(sessionId: string): Promise<number> {
    const messages = agentTurn(sessionId, this.nextTurn(sessionId));
    const started = performance.now();
    await this.bus.execute(new AppendMessagesCommand(OPEN_WRITER, sessionId, messages));
    return performance.now() - started;
  }

  /** After a restart: the session already holds `events` events (so new turns get new ids). */
  resume(sessionId: string, events: number): void {
    this.turns.set(sessionId, (events - 1) / 4);
  }

  /** Events in the session: `SessionStarted` and 4 per turn. */
  eventsIn(sessionId: string): number {
    const turns = this.turns.get(sessionId) ?? 0;
    return turns === 0 ? 0 : 1 + 4 * turns;
  }

  private nextTurn(sessionId: string): number {
    const next = this.turns.get(sessionId) ?? 0;
    this.turns.set(sessionId, next + 1);
    return next;
  }
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

const format = (ms: number): string => `${ms.toFixed(3)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'append-latency-bench-'));
  const config = loadServerConfig({ DATA_DIR: dataDir });
  const open = (): Promise<INestApplicationContext> =>
    NestFactory.createApplicationContext(WriteSideModule.forRoot(config), { logger: false });
  let app = await open();
  let sessions = new Sessions(app.get(CommandBus));

  const shortIds = Array.from({ length: SHORT_SESSIONS }, (_, index) => `short-${index}`);
  const fillStarted = performance.now();
  for (const sessionId of shortIds) await sessions.fill(sessionId, SHORT_LENGTH);
  await sessions.fill('long', LONG_LENGTH);
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  const short: number[] = [];
  const long: number[] = [];
  let next = 0;
  const measurePair = async (record: boolean): Promise<void> => {
    const shortId = shortIds[next % shortIds.length] ?? 'short-0';
    next += 1;
    // Alternate which goes first, so that drift and caches favour neither.
    const order = next % 2 === 0 ? ['short', 'long'] : ['long', 'short'];
    for (const which of order) {
      const ms = await sessions.timeOneAppend(which === 'short' ? shortId : 'long');
      if (record) (which === 'short' ? short : long).push(ms);
    }
  };
  for (let index = 0; index < WARM_UP_APPENDS; index += 1) await measurePair(false);
  const roundRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const from = short.length;
    for (let index = 0; index < APPENDS_PER_ROUND; index += 1) await measurePair(true);
    roundRatios.push(median(long.slice(from)) / median(short.slice(from)));
  }
  const shortLengths = shortIds.map((sessionId) => sessions.eventsIn(sessionId));
  const longLength = sessions.eventsIn('long');

  // A restart: the cache is empty, so the first command reads the session's stream once.
  await app.close();
  app = await open();
  sessions = new Sessions(app.get(CommandBus));
  sessions.resume('short-0', shortLengths[0] ?? 0);
  sessions.resume('long', longLength);
  const coldShort = await sessions.timeOneAppend('short-0');
  const coldLong = await sessions.timeOneAppend('long');
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = median(long) / median(short);
  const holds = ratio <= TARGET_RATIO;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const markdown = `
Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- append-latency'}\`

Run ${new Date().toISOString().slice(0, 10)} on ${machine}, the server's SQLite store at its default durability (synchronous=FULL) in a temporary folder on the local disk. ${ROUNDS} rounds of ${APPENDS_PER_ROUND} appends per length, interleaved, after ${WARM_UP_APPENDS} warm-up appends.

| session length | appends | median | p90 | median / median at ${SHORT_LENGTH} |
|---|--:|--:|--:|--:|
| ${SHORT_LENGTH} events (${Math.min(...shortLengths)}–${Math.max(...shortLengths)} by the end) | ${short.length} | ${format(median(short))} | ${format(percentile(short, 0.9))} | 1.00× |
| ${LONG_LENGTH.toLocaleString('en-US')} events (${longLength.toLocaleString('en-US')} by the end) | ${long.length} | ${format(median(long))} | ${format(percentile(long, 0.9))} | **${ratio.toFixed(2)}×** |

Target (issue 4): the time per append at ${LONG_LENGTH.toLocaleString('en-US')} events within ${TARGET_RATIO}× of the time at ${SHORT_LENGTH}: **${holds ? 'holds' : 'does not hold'}: ${ratio.toFixed(2)}×** (per round: ${roundRatios.map((value) => `${value.toFixed(2)}×`).join(', ')}).

- An append is one agent turn (user input, a \`Read\` tool call, its ~500-character result, the answer: 4 events) sent as an \`AppendMessagesCommand\` through \`@nestjs/cqrs\`'s \`CommandBus\` to \`AppendMessagesHandler\`: the session's state from the cache (checked against the stream's revision), \`decideSession\`, the append with the expected revision. No HTTP. The short sessions take turns (${SHORT_SESSIONS} of them) so that each stays near ${SHORT_LENGTH} events.
- The first command after a restart reads the session's stream once to rebuild the state (for information, one sample each): ${format(coldShort)} at ${SHORT_LENGTH} events, ${format(coldLong)} at ${longLength.toLocaleString('en-US')}. Later commands read only events appended by other writers.
- Filling the sessions (${SHORT_SESSIONS} × ${SHORT_LENGTH} + ${LONG_LENGTH.toLocaleString('en-US')} events, in appends of 100 turns) took ${fillSeconds.toFixed(1)} s.
`;
  console.log(markdown);
  writeBenchmarkSection(
    'append-latency',
    'Append latency vs session length (`bench/append-latency.bench.ts`)',
    markdown,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
