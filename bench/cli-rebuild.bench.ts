/**
 * `agent-ledger rebuild` on a store of 100,000 events: the rate the command itself reports, run
 * as a child process on a temporary DATA_DIR, beside a raw read of `$all` on the same store in
 * the same run (the ceiling any rebuild has to stay under).
 *
 * Run: `node -r ./scripts/ts-register.js bench/cli-rebuild.bench.ts [events]`
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore, type EventToAppend } from '@agent-ledger/event-store';
import {
  SESSION_EVENT_SCHEMA_VERSION,
  messageRecorded,
  sessionStreamName,
  validateSessionEventPayload,
  type SessionEvent,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { SESSION_STREAMS_FILTER } from '@agent-ledger/read-models';

const root = path.resolve(__dirname, '..');
const EVENTS_PER_SESSION = 1000;
const TOOL_OUTPUT = 'export function login(user, password) { /* … */ }\n'.repeat(40);

/** One realistic turn: input, a Read call, its (2 KB) result, an answer. */
function turnEvents(sessionId: string, turn: number): SessionEvent[] {
  const createdAt = new Date(Date.UTC(2026, 3, 8, 9, 0, turn)).toISOString();
  const base = (suffix: string) => ({ id: `t${turn}-${suffix}`, sessionId, createdAt });
  const messages: RuntimeMessage[] = [
    {
      ...base('u'),
      kind: 'user_input',
      role: 'user',
      content: `Step ${turn}: look at the next file.`,
    },
    {
      ...base('c'),
      kind: 'tool_call',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `call-${turn}`,
          toolName: 'Read',
          input: { file_path: `src/file-${turn}.ts` },
        },
      ],
    },
    {
      ...base('r'),
      kind: 'tool_result',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call-${turn}`,
          toolName: 'Read',
          output: { type: 'text', value: TOOL_OUTPUT },
        },
      ],
    },
    {
      ...base('a'),
      kind: 'assistant_text',
      role: 'assistant',
      content: `File ${turn} looks fine.`,
    },
  ];
  const events: SessionEvent[] = messages.map(messageRecorded);
  if (turn % 25 === 24) {
    events.push({
      type: 'ToolResultsPruned',
      data: { sessionId, messageIds: [`t${turn - 20}-r`], compactedAt: createdAt, reason: 'bench' },
    });
  }
  if (turn % 100 === 99) {
    events.push(
      messageRecorded({
        ...base('b'),
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'auto' },
      }),
      messageRecorded({
        ...base('s'),
        kind: 'compact_summary',
        role: 'user',
        metadata: { summaryForBoundaryId: `t${turn}-b` },
        content: `Summary of the first ${turn + 1} steps.`,
      }),
    );
  }
  return events;
}

function toAppend(event: SessionEvent): EventToAppend {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: SESSION_EVENT_SCHEMA_VERSION },
  };
}

/** A session of `count` events: started, then turns (with prunings and compactions). */
function sessionEvents(sessionId: string, count: number): SessionEvent[] {
  const events: SessionEvent[] = [
    {
      type: 'SessionStarted',
      data: { sessionId, startedAt: new Date(Date.UTC(2026, 3, 8)).toISOString() },
    },
  ];
  for (let turn = 0; events.length < count; turn += 1) events.push(...turnEvents(sessionId, turn));
  return events.slice(0, count);
}

/** Fills `dataDir/events.sqlite` with `total` session events, appended 100 at a time. */
async function fillStore(dataDir: string, total: number): Promise<void> {
  const store = new SqliteEventStore({
    path: path.join(dataDir, 'events.sqlite'),
    validatePayload: validateSessionEventPayload,
  });
  try {
    for (let session = 0; session * EVENTS_PER_SESSION < total; session += 1) {
      const sessionId = `bench-${session}`;
      const count = Math.min(EVENTS_PER_SESSION, total - session * EVENTS_PER_SESSION);
      const events = sessionEvents(sessionId, count);
      for (let start = 0; start < events.length; start += 100) {
        await store.append(
          sessionStreamName(sessionId),
          events.slice(start, start + 100).map(toAppend),
        );
      }
    }
  } finally {
    await store.close();
  }
}

/** Events per second of a plain read of every session event in `$all` (the baseline). */
async function rawReadRate(dataDir: string): Promise<{ events: number; eventsPerSecond: number }> {
  const store = new SqliteEventStore({ path: path.join(dataDir, 'events.sqlite') });
  try {
    const startedAt = performance.now();
    let events = 0;
    for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
      if (event.position >= 0) events += 1;
    }
    const seconds = (performance.now() - startedAt) / 1000;
    return { events, eventsPerSecond: Math.round(events / seconds) };
  } finally {
    await store.close();
  }
}

/** Runs `agent-ledger rebuild --json` as a child process on `dataDir` and returns its report. */
function cliRebuild(dataDir: string): { events: number; seconds: number; eventsPerSecond: number } {
  const result = spawnSync(
    process.execPath,
    ['-r', './scripts/ts-register.js', 'apps/cli/src/main.ts', 'rebuild', '--json'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } },
  );
  if (result.status !== 0) throw new Error(`rebuild failed: ${result.stderr}`);
  const report: unknown = JSON.parse(result.stdout);
  if (
    typeof report !== 'object' ||
    report === null ||
    !('events' in report && 'seconds' in report && 'eventsPerSecond' in report) ||
    typeof report.events !== 'number' ||
    typeof report.seconds !== 'number' ||
    typeof report.eventsPerSecond !== 'number'
  ) {
    throw new Error(`Unexpected rebuild report: ${result.stdout}`);
  }
  return {
    events: report.events,
    seconds: report.seconds,
    eventsPerSecond: report.eventsPerSecond,
  };
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 100_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-bench-rebuild-'));
  try {
    const filling = performance.now();
    await fillStore(dataDir, total);
    process.stdout.write(
      `Filled a store with ${total.toLocaleString('en-US')} events in ${((performance.now() - filling) / 1000).toFixed(1)} s.\n`,
    );
    const raw = await rawReadRate(dataDir);
    const rebuild = cliRebuild(dataDir);
    process.stdout.write(
      [
        `raw $all read:          ${raw.eventsPerSecond.toLocaleString('en-US')} events/s (${raw.events.toLocaleString('en-US')} events)`,
        `agent-ledger rebuild:   ${rebuild.eventsPerSecond.toLocaleString('en-US')} events/s (${rebuild.events.toLocaleString('en-US')} events in ${rebuild.seconds.toFixed(2)} s)`,
        `rebuild / raw read:     ${((rebuild.eventsPerSecond / raw.eventsPerSecond) * 100).toFixed(1)} %`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
