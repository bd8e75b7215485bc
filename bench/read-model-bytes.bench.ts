/**
 * The read models' bytes on disk against the log's (`npm run bench -- read-model-bytes`), on two
 * workloads (target: the read models no bigger than the log, ≤ 1.0×):
 * - the benchmarks' log: 100,000 events in sessions of 1,000 (the read-models benchmark's turns,
 *   the log `npm run bench -- cli-rebuild` rebuilds);
 * - a realistic one: 100 sessions of 10 turns each (a user input, a `Read` call, its result of
 *   1–3 KB of source text, an answer: 4,000 messages), appended a turn at a time.
 * Each log is written by the embedded store, then the projection runner catches up on it into a
 * read-model file as the server's does (WAL, checkpointed on close). Bytes are the files' sizes
 * once closed (no WAL left); the table of where the read models' bytes go is SQLite's `dbstat`.
 * Prints the tables and writes them to `docs/benchmarks.md`.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload, type SessionEvent } from '@agent-ledger/events';
import {
  createReadModelHandlers,
  openReadModelDatabase,
  ProjectionRunner,
} from '@agent-ledger/read-models';
import { writeBenchmarkSection } from './benchmark-report';
import { appendAll, sessionEvents, turnEvents } from './read-models-workload';

const BENCH_EVENTS = Number(process.env['BENCH_EVENTS'] ?? 100_000);
const EVENTS_PER_SESSION = 1_000;
const REALISTIC_SESSIONS = 100;
const REALISTIC_TURNS = 10;

/** A small deterministic generator (mulberry32), so every run writes the same text. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'const',
  'user',
  'session',
  'await',
  'return',
  'export',
  'function',
  'password',
  'token',
  'request',
  'response',
  'error',
  'import',
  'from',
  'value',
  'string',
  'number',
  'config',
  'handler',
  'message',
];

/** 1–3 KB of source-like text, different for each call. */
function toolOutput(next: () => number): string {
  const bytes = 1024 + Math.floor(next() * 2048);
  let text = '';
  while (text.length < bytes) {
    const words = 4 + Math.floor(next() * 8);
    const line: string[] = [];
    for (let word = 0; word < words; word += 1) {
      line.push(`${WORDS[Math.floor(next() * WORDS.length)] ?? 'x'}${Math.floor(next() * 100)}`);
    }
    text += `${line.join(' ')};\n`;
  }
  return text.slice(0, bytes);
}

interface Workload {
  name: string;
  sessions: Array<{ sessionId: string; appends: SessionEvent[][] }>;
}

function benchWorkload(total: number): Workload {
  const sessions: Workload['sessions'] = [];
  for (let session = 0; session * EVENTS_PER_SESSION < total; session += 1) {
    const sessionId = `bench-${session}`;
    const count = Math.min(EVENTS_PER_SESSION, total - session * EVENTS_PER_SESSION);
    sessions.push({ sessionId, appends: [sessionEvents(sessionId, count)] });
  }
  return { name: `benchmarks' log (${number(total)} events)`, sessions };
}

function realisticWorkload(): Workload {
  const next = random(29);
  const sessions: Workload['sessions'] = [];
  for (let session = 0; session < REALISTIC_SESSIONS; session += 1) {
    const sessionId = `agent-${session}`;
    const appends: SessionEvent[][] = [];
    for (let turn = 0; turn < REALISTIC_TURNS; turn += 1) {
      appends.push(turnEvents(sessionId, turn, toolOutput(next)));
    }
    sessions.push({ sessionId, appends });
  }
  return {
    name: `realistic (${REALISTIC_SESSIONS} sessions × ${REALISTIC_TURNS} turns, 1–3 KB tool outputs)`,
    sessions,
  };
}

interface Measured {
  name: string;
  events: number;
  logBytes: number;
  readModelBytes: number;
  tables: Array<{ name: string; bytes: number }>;
}

async function measure(dir: string, workload: Workload): Promise<Measured> {
  const logPath = path.join(dir, 'events.sqlite');
  const readModelsPath = path.join(dir, 'read-models.sqlite');
  const store = new SqliteEventStore({
    path: logPath,
    validatePayload: validateSessionEventPayload,
  });
  let events = 0;
  for (const { sessionId, appends } of workload.sessions) {
    for (const append of appends) {
      await appendAll(store, sessionId, append);
      events += append.length;
    }
  }
  const db = openReadModelDatabase(readModelsPath);
  const runner = new ProjectionRunner({ store, db, handlers: createReadModelHandlers(db) });
  runner.start();
  const head = await store.headPosition();
  if (head !== null) await runner.waitForPosition(head, 600_000);
  await runner.stop();
  db.close();
  await store.close();
  const inspect = new Database(readModelsPath, { readonly: true });
  const tables = inspect
    .prepare<[], { name: string; bytes: number }>(
      'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC',
    )
    .all();
  inspect.close();
  return {
    name: workload.name,
    events,
    logBytes: fileBytes(logPath),
    readModelBytes: fileBytes(readModelsPath),
    tables,
  };
}

/** The file with what is left of its WAL (none once every connection closed). */
function fileBytes(file: string): number {
  const wal = `${file}-wal`;
  let bytes = statSync(file).size;
  try {
    bytes += statSync(wal).size;
  } catch {
    // No WAL left.
  }
  return bytes;
}

const number = (value: number): string => Math.round(value).toLocaleString('en');
const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function main(folder: string): Promise<void> {
  const results: Measured[] = [];
  for (const [index, workload] of [realisticWorkload(), benchWorkload(BENCH_EVENTS)].entries()) {
    const dir = path.join(folder, `workload-${index}`);
    mkdirSync(dir);
    const started = Date.now();
    results.push(await measure(dir, workload));
    console.log(`Measured ${workload.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const table = [
    '| workload | events | log | read models | read models / log | target |',
    '|---|--:|--:|--:|--:|---|',
    ...results.map((result) => {
      const ratio = result.readModelBytes / result.logBytes;
      return `| ${result.name} | ${number(result.events)} | ${megabytes(result.logBytes)} | ${megabytes(result.readModelBytes)} | **${ratio.toFixed(2)}×** | ≤ 1.0× — **${ratio <= 1 ? 'holds' : 'missed'}** |`;
    }),
  ].join('\n');
  const names = [...new Set(results.flatMap((result) => result.tables.map((row) => row.name)))];
  const bytesOf = (result: Measured, name: string) =>
    result.tables.find((row) => row.name === name)?.bytes ?? 0;
  const largest = names
    .map((name) => ({ name, bytes: Math.max(...results.map((result) => bytesOf(result, name))) }))
    .filter((row) => row.bytes > 0)
    .sort((left, right) => right.bytes - left.bytes)
    .slice(0, 12);
  const breakdown = [
    `| table or index (SQLite's \`dbstat\`) | ${results.map((result) => result.name).join(' | ')} |`,
    `|---|${results.map(() => '--:').join('|')}|`,
    ...largest.map(
      ({ name }) =>
        `| \`${name}\` | ${results.map((result) => megabytes(bytesOf(result, name))).join(' | ')} |`,
    ),
  ].join('\n');
  const [cpu] = cpus();
  const markdown = [
    `Command: \`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- read-model-bytes'}\``,
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu?.model ?? 'unknown CPU'}, Node ${process.version}.`,
    '',
    table,
    '',
    breakdown,
    '',
    "- The log is the embedded store's file, the read models the read-model file the projection runner filled by catching up on it (every handler: transcript, debug and export rows, the session list, search and analytics), both closed (their WAL checkpointed into them) before their sizes are taken. A size is deterministic for a workload: it depends on no timing.",
    "- The benchmarks' log is the one `npm run bench -- cli-rebuild` rebuilds (sessions of 1,000 events, each turn a user input, a `Read` call, its ~500-character result and an answer). The realistic one is an agent's history: 100 sessions of 10 turns, each result 1–3 KB of source-like text (4,000 messages), appended a turn at a time as a runtime appends them.",
  ].join('\n');
  console.log(`\n${table}\n\n${breakdown}`);
  writeBenchmarkSection(
    'read-model-bytes',
    'Read-model bytes against the log (`bench/read-model-bytes.bench.ts`)',
    markdown,
  );
}

const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-read-model-bytes-'));
main(folder)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(folder, { recursive: true, force: true }));
