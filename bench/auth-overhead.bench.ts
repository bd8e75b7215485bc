/**
 * `npm run bench -- auth-overhead`: HTTP append throughput of the real server with API keys on
 * (every request authenticated: key lookup, hash, scope check, key id in each event's metadata)
 * beside the same server open (no key configured), in the same run. Target: within 10%.
 *
 * Each round starts a fresh server (`apps/server/src/main.ts`, from source, on a fresh
 * `DATA_DIR`), warms it up, then 8 keep-alive connections append 4-message agent turns (~2 KB)
 * to 64 sessions for a fixed count of turns. Rounds alternate open/keys; the median of each mode
 * is reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { KeyRegistry } from '@agent-ledger/access';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { writeBenchmarkSection } from './benchmark-report';

const ROOT = path.join(__dirname, '..');
const CONNECTIONS = 8;
const SESSIONS = 64;
const TURNS = Number(process.env['AUTH_BENCH_TURNS'] ?? 2000);
const ROUNDS = Number(process.env['AUTH_BENCH_ROUNDS'] ?? 3);

interface Server {
  port: number;
  child: ChildProcess;
  dataDir: string;
}

async function startServer(withKey: boolean): Promise<{ server: Server; key?: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-auth-bench-'));
  let key: string | undefined;
  if (withKey) {
    const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
    key = (
      await (await KeyRegistry.open(store)).create({ tenant: 'bench', scopes: ['read', 'write'] })
    ).secret;
    await store.close();
  }
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(ROOT, 'scripts', 'ts-register.js'),
      path.join(ROOT, 'apps/server/src/main.ts'),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match !== null) resolve(Number(match[1]));
    });
  });
  child.removeAllListeners('exit');
  return { server: { port, child, dataDir }, ...(key === undefined ? {} : { key }) };
}

async function stopServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
  rmSync(server.dataDir, { recursive: true, force: true });
}

function turnBody(sessionId: string, turn: number): string {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, turn)).toISOString();
  const base = { sessionId, createdAt: at };
  return JSON.stringify({
    messages: [
      {
        ...base,
        id: `u${turn}`,
        role: 'user',
        kind: 'user_input',
        content: [
          { type: 'text', text: `Please fix the failing test in src/module${turn}.ts. `.repeat(4) },
        ],
      },
      {
        ...base,
        id: `c${turn}`,
        role: 'assistant',
        kind: 'tool_call',
        content: [
          {
            type: 'tool-call',
            toolCallId: `t${turn}`,
            toolName: 'Read',
            input: { path: `src/module${turn}.ts` },
          },
        ],
      },
      {
        ...base,
        id: `r${turn}`,
        role: 'tool',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: `t${turn}`,
            toolName: 'Read',
            output: { type: 'text', value: 'export const x = 1;\n'.repeat(60) },
          },
        ],
      },
      {
        ...base,
        id: `a${turn}`,
        role: 'assistant',
        kind: 'assistant_text',
        content: [
          { type: 'text', text: 'The test expects 2; I will change the constant. '.repeat(4) },
        ],
      },
    ],
  });
}

function post(
  agent: http.Agent,
  port: number,
  urlPath: string,
  body: string,
  key?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Appends `turns` turns over `CONNECTIONS` connections; turns per second. */
async function load(
  port: number,
  key: string | undefined,
  turns: number,
  offset: number,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (;;) {
        const index = next++;
        if (index >= turns) return;
        const session = `s${index % SESSIONS}`;
        const turn = offset + Math.floor(index / SESSIONS);
        const status = await post(
          agent,
          port,
          `/v1/sessions/${session}/messages`,
          turnBody(session, turn),
          key,
        );
        if (status !== 200) throw new Error(`append answered ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return turns / seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const rates: Record<'open' | 'keys', number[]> = { open: [], keys: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const mode of round % 2 === 0
      ? (['open', 'keys'] as const)
      : (['keys', 'open'] as const)) {
      const { server, key } = await startServer(mode === 'keys');
      try {
        await load(server.port, key, Math.min(400, TURNS), 0);
        const rate = await load(server.port, key, TURNS, 1000);
        rates[mode].push(rate);
        process.stdout.write(`round ${round + 1} ${mode}: ${rate.toFixed(0)} turns/s\n`);
      } finally {
        await stopServer(server);
      }
    }
  }
  const open = median(rates.open);
  const keys = median(rates.keys);
  const ratio = keys / open;
  const verdict = ratio >= 0.9 ? 'meets' : 'misses';
  process.stdout.write(
    `\nkeys on: ${keys.toFixed(0)} turns/s, open: ${open.toFixed(0)} turns/s, ratio ${(ratio * 100).toFixed(1)}% (${verdict} the 90% target)\n`,
  );
  writeBenchmarkSection(
    'auth-overhead',
    'API keys: append throughput with authentication on vs off',
    `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- auth-overhead'}\`. The real server (from source, fresh \`DATA_DIR\` each round) takes ${TURNS} HTTP appends of a 4-message agent turn (~2 KB) over ${CONNECTIONS} keep-alive connections to ${SESSIONS} sessions, after a warm-up; ${ROUNDS} rounds per mode, alternating, median shown. "Keys on": one key configured, every request sends it (lookup by key id, SHA-256 and constant-time compare, scope check, key id written in each event's metadata); "open": no key.

| mode | turns/s (median) | rounds |
| --- | --- | --- |
| open (no key) | ${open.toFixed(0)} | ${rates.open.map((r) => r.toFixed(0)).join(', ')} |
| keys on | ${keys.toFixed(0)} | ${rates.keys.map((r) => r.toFixed(0)).join(', ')} |

Keys on / open: **${(ratio * 100).toFixed(1)}%** (target ≥ 90%: ${verdict}).`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
