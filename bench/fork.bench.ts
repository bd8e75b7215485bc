/**
 * The fork benchmark (`npm run bench -- fork`): a fork of a 5,000-message session with a compact
 * boundary near its end against a fork of a 50-message session, in the same run, into an
 * embedded SQLite store on a temporary directory, as the server forks (`SessionCommandRunner.fork`
 * carrying `ModelContextReader.windowEvents`). Warm: the reader has answered each source's model
 * context once (a runtime asks for it before every model call); cold: a fresh reader (after a
 * restart), whose first read of the long source scans its history before the boundary once.
 * Prints the time per fork and the bytes each fork writes, and their ratios long / short.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { ModelContextReader } from '@agent-ledger/model-context';
import { SessionCommandRunner } from '@agent-ledger/session-commands';
import { writeBenchmarkSection } from './benchmark-report';
import { median } from './measure';

const LONG_MESSAGES = 5_000;
const SHORT_MESSAGES = 50;
/** Messages after the boundary of the long session. */
const AFTER_BOUNDARY = 40;
const FORKS = 30;
const clock = () => '2026-06-01T00:00:00.000Z';

function turn(sessionId: string, index: number): RuntimeMessage[] {
  const createdAt = clock();
  return [
    {
      id: `u${index}`,
      sessionId,
      kind: 'user_input',
      role: 'user',
      createdAt,
      content: `Question ${index}: what does src/auth.ts do?`,
    },
    {
      id: `a${index}`,
      sessionId,
      kind: 'assistant_text',
      role: 'assistant',
      createdAt,
      content: `Answer ${index}: ${'it checks the password and the session token. '.repeat(4)}`,
    },
  ];
}

async function writeSession(
  runner: SessionCommandRunner,
  sessionId: string,
  messages: number,
  boundaryAfter?: number,
): Promise<void> {
  for (let index = 0; index < messages / 2; index += 1) {
    if (boundaryAfter !== undefined && index * 2 === boundaryAfter) {
      await runner.run({
        type: 'CompactSession',
        sessionId,
        boundary: {
          id: 'b1',
          sessionId,
          kind: 'compact_boundary',
          role: 'system',
          createdAt: clock(),
          content: { type: 'compact-boundary', trigger: 'auto' },
        },
        summary: {
          id: 'b1-summary',
          sessionId,
          kind: 'compact_summary',
          role: 'user',
          createdAt: clock(),
          content: 'Summary of the session so far.',
          metadata: { summaryForBoundaryId: 'b1' },
        },
      });
    }
    await runner.run({ type: 'AppendMessages', sessionId, messages: turn(sessionId, index) });
  }
}

/** Bytes of a stream's events as stored (data and metadata JSON). */
async function streamBytes(store: SqliteEventStore, streamName: string): Promise<number> {
  let bytes = 0;
  for await (const recorded of store.readStream(streamName)) {
    bytes += JSON.stringify(recorded.data).length + JSON.stringify(recorded.metadata).length;
  }
  return bytes;
}

async function timeForks(
  runner: SessionCommandRunner,
  reader: () => ModelContextReader,
  source: string,
  prefix: string,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const windowReader = reader();
    const started = performance.now();
    await runner.fork({ sessionId: `${prefix}${index}`, sourceSessionId: source }, async () => {
      const window = await windowReader.windowEvents(source);
      return {
        source: { sessionId: source, revision: window.revision },
        events: window.events.map((logged) => logged.event),
      };
    });
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-fork-'));
  const store = new SqliteEventStore({
    path: path.join(dir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  try {
    const runner = new SessionCommandRunner(store, { cacheSize: 64, clock });
    await writeSession(runner, 'long', LONG_MESSAGES, LONG_MESSAGES - AFTER_BOUNDARY);
    await writeSession(runner, 'short', SHORT_MESSAGES);
    const warm = new ModelContextReader(store);
    await warm.load('long');
    await warm.load('short');
    const rows: string[] = [];
    const results: Record<string, { ms: number; bytes: number }> = {};
    for (const [name, reader, count] of [
      ['warm', () => warm, FORKS],
      ['cold', () => new ModelContextReader(store), 10],
    ] as const) {
      for (const source of ['long', 'short']) {
        // Alternate sources so that neither gets the quieter half of the run.
        const times = await timeForks(runner, reader, source, `${name}-${source}-`, count);
        const bytes = await streamBytes(store, `session-${name}-${source}-0`);
        results[`${name}-${source}`] = { ms: median(times), bytes };
      }
      const long = results[`${name}-long`];
      const short = results[`${name}-short`];
      if (long === undefined || short === undefined) throw new Error('missing result');
      rows.push(
        `| ${name} | ${long.ms.toFixed(2)} ms | ${short.ms.toFixed(2)} ms | ${(long.ms / short.ms).toFixed(2)}x | ${long.bytes} B | ${short.bytes} B | ${(long.bytes / short.bytes).toFixed(2)}x |`,
      );
    }
    const sourceBytes = await streamBytes(store, 'session-long');
    const markdown = [
      `Command: \`${process.env.BENCH_COMMAND ?? 'npm run bench -- fork'}\`. A fork of a ${LONG_MESSAGES.toLocaleString('en')}-message session (${(sourceBytes / 1024 / 1024).toFixed(1)} MB of events) whose compact boundary is ${AFTER_BOUNDARY} messages before its head, against a fork of a ${SHORT_MESSAGES}-message session without one, each the median of ${FORKS} forks (warm) or 10 (cold), same run, embedded store on a temporary directory. Warm: the reader had answered the source's model context (as before every model call); cold: a fresh reader, whose first read of the long source scans the history before its boundary once.`,
      '',
      '| reader | long: time | short: time | ratio | long: bytes written | short: bytes written | ratio |',
      '| ------ | ---------- | ----------- | ----- | ------------------- | -------------------- | ----- |',
      ...rows,
    ].join('\n');
    console.log(markdown);
    writeBenchmarkSection('fork', 'Fork (`bench/fork.bench.ts`)', markdown);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
