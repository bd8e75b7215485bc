/**
 * What metrics and tracing cost on the write side (`npm run bench -- observability`): HTTP append
 * throughput of two servers in this process, in the same run, rounds alternating. `off`: no HTTP
 * metrics, no request lines, no tracing (the store's append histograms stay: they have no switch).
 * `on`: the HTTP metrics and request hooks, and tracing exporting every span over OTLP/HTTP
 * (protobuf) to a loopback receiver in this process: a server span per request, a command span,
 * and a projection batch span per batch. Logs are silent in both (they go to a terminal or a
 * collector, not measured here). Each round, concurrent sessions post agent turns (4 messages).
 * Issue 31's target: `on` within 10 % of `off` (ratio >= 0.90). Prints the table and writes it
 * to `docs/benchmarks.md`.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadServerConfig } from '@agent-ledger/config';
import { createApp, VERSION } from '../apps/server/src/create-app';
import { startObservability } from '../apps/server/src/observability/observability';
import { writeBenchmarkSection } from './benchmark-report';
import { agentTurn } from './http-append-turn';
import { median, ratePerSecond } from './measure';

const SESSIONS = 16;
const TURNS_PER_SESSION_PER_ROUND = 10;
const ROUNDS = 7;
const TARGET_RATIO = 0.9;

/** One server and the turns its sessions have posted so far. */
class Arm {
  private turns = 0;
  constructor(
    readonly app: NestFastifyApplication,
    private readonly url: string,
  ) {}

  static async start(dataDir: string, options: Parameters<typeof createApp>[1]): Promise<Arm> {
    const config = loadServerConfig({ DATA_DIR: dataDir, PORT: '0' });
    const app = await createApp(config, options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new Arm(app, `http://127.0.0.1:${port}`);
  }

  /** Events appended per second by `SESSIONS` sessions posting turns side by side. */
  round(): Promise<number> {
    return ratePerSecond(async () => {
      const first = this.turns;
      this.turns += TURNS_PER_SESSION_PER_ROUND;
      await Promise.all(
        Array.from({ length: SESSIONS }, async (_, session) => {
          for (let index = first; index < this.turns; index += 1) {
            const response = await fetch(`${this.url}/v1/sessions/s${session}/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ messages: agentTurn(`s${session}`, index) }),
            });
            if (response.status !== 200) throw new Error(await response.text());
            await response.arrayBuffer();
          }
        }),
      );
      return SESSIONS * TURNS_PER_SESSION_PER_ROUND * 4;
    });
  }
}

async function main(): Promise<void> {
  let exports = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-obs-')));
  const off = await Arm.start(dirs[0]!, { logger: false, observeHttp: false });
  const observability = await startObservability(
    {
      log: { format: 'json', level: 'silent' },
      tracing: {
        url: `http://127.0.0.1:${port}/v1/traces`,
        protocol: 'http/protobuf',
        serviceName: 'agent-ledger-bench',
      },
    },
    VERSION,
  );
  const on = await Arm.start(dirs[1]!, { logger: false, observability });
  try {
    // Warm-up: the first turns compile the schemas and fill the caches.
    await off.round();
    await on.round();
    const rates = { off: [] as number[], on: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating which goes first, so that neither always follows the other's leftovers.
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const arm of order) rates[arm].push(await (arm === 'off' ? off : on).round());
    }
    const ratios = rates.on.map((rate, index) => rate / (rates.off[index] ?? rate));
    const ratio = median(ratios);
    const verdict = ratio >= TARGET_RATIO ? 'meets' : 'misses';
    const markdown = [
      `Measured by \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- observability'}\` on ${cpus().length} cores (load average ${loadavg()[0]?.toFixed(1)} at the end: the machine is shared).`,
      '',
      `${SESSIONS} sessions post ${TURNS_PER_SESSION_PER_ROUND} turns of 4 messages each per round over HTTP, ${ROUNDS} rounds per arm, alternating; the median of the per-round ratios.`,
      '',
      '| arm | events/s (median) |',
      '| --- | ---: |',
      `| off: no HTTP metrics, no tracing | ${Math.round(median(rates.off))} |`,
      `| on: HTTP metrics + OTLP tracing to a loopback receiver | ${Math.round(median(rates.on))} |`,
      '',
      `Ratio on/off: **${ratio.toFixed(2)}** (per round: ${ratios.map((value) => value.toFixed(2)).join(', ')}); target >= ${TARGET_RATIO.toFixed(2)}: ${verdict} it. The receiver took ${exports} OTLP exports.`,
    ].join('\n');
    console.log(markdown);
    writeBenchmarkSection(
      'observability',
      'Observability: append throughput with metrics and tracing on and off (`bench/observability.bench.ts`)',
      markdown,
    );
  } finally {
    await on.app.close();
    await off.app.close();
    await observability.shutdown();
    receiver.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
