/**
 * Erasure of a long session (`npm run bench -- erasure`): a session of 20,000 events appended
 * through the write side (`SessionCommandRunner`, one agent turn of 4 messages per append) on the
 * embedded store, its read models built (`ProjectionRunner`), then erased (`SessionErasure`: the
 * structure read, the journal entry, the stream's rows deleted with `secure_delete` and the WAL
 * truncated, the decider snapshot, the read models purged — FTS5 entries taken out and the
 * indexes optimized — and the receipt). Timed against the time to append the same session, in the
 * same run, and against the erasure of a short session beside another long one. Prints the table
 * and writes it to `docs/benchmarks.md`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import {
  createReadModelHandlers,
  openReadModelDatabase,
  ProjectionRunner,
} from '@agent-ledger/read-models';
import {
  SessionCommandRunner,
  SessionErasure,
  SqliteDeciderSnapshots,
} from '@agent-ledger/session-commands';
import { writeBenchmarkSection } from './benchmark-report';
import { agentTurn } from './write-side';

const TURNS = 5_000;

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-erasure-bench-'));
  try {
    const store = new SqliteEventStore({
      path: path.join(folder, 'events.sqlite'),
      validatePayload: validateSessionEventPayload,
    });
    const snapshots = SqliteDeciderSnapshots.open(path.join(folder, 'decider-snapshots.sqlite'));
    const runner = new SessionCommandRunner(store, {
      cacheSize: 100,
      clock: () => new Date().toISOString(),
      snapshots,
    });
    const db = openReadModelDatabase(path.join(folder, 'read-models.sqlite'));
    const projections = new ProjectionRunner({ store, db, handlers: createReadModelHandlers(db) });
    const erasure = new SessionErasure({
      store,
      clock: () => new Date().toISOString(),
      destroyContentKeys: () => Promise.resolve(0),
      forgetSession: (key) => runner.forget(key),
      awaitReadModels: async () => {
        await projections.catchUp();
      },
    });

    const append = async (sessionId: string, turns: number): Promise<number> => {
      const started = performance.now();
      for (let index = 0; index < turns; index += 1) {
        await runner.run({
          type: 'AppendMessages',
          sessionId,
          messages: agentTurn(sessionId, index),
        });
      }
      return performance.now() - started;
    };
    const appendMs = await append('long', TURNS);
    await append('kept', TURNS);
    await append('short', 3);
    const catchUpStarted = performance.now();
    await projections.catchUp();
    const projectMs = performance.now() - catchUpStarted;

    const timeErasure = async (sessionId: string): Promise<{ ms: number; events: number }> => {
      const started = performance.now();
      const receipt = await erasure.eraseSession({
        tenant: 'default',
        sessionId,
        requestedBy: { via: 'cli' },
      });
      return { ms: performance.now() - started, events: receipt.erasedEvents ?? 0 };
    };
    const short = await timeErasure('short');
    const long = await timeErasure('long');

    await projections.stop();
    db.close();
    snapshots.close();
    await store.close();

    const rows = [
      `| append the session (${TURNS} appends of one turn) | ${(TURNS * 4 + 1).toLocaleString('en')} | ${appendMs.toFixed(0)} ms | 1.00 |`,
      `| project the log into the read models (catch-up: this session, a kept one as long, a short one) | ${(TURNS * 8 + 15).toLocaleString('en')} | ${projectMs.toFixed(0)} ms | ${(projectMs / appendMs).toFixed(2)} |`,
      `| **erase it** (journal, rows, WAL, snapshot, read models, receipt) | ${long.events.toLocaleString('en')} | **${long.ms.toFixed(0)} ms** | **${(long.ms / appendMs).toFixed(2)}** |`,
      `| erase a short session (beside a kept 20,001-event one) | ${short.events} | ${short.ms.toFixed(0)} ms | ${(short.ms / appendMs).toFixed(3)} |`,
    ];
    const table = [
      '| step | events | time | against the append |',
      '| ---- | -----: | ---: | -----------------: |',
      ...rows,
    ].join('\n');
    console.log(table);
    writeBenchmarkSection(
      'erasure',
      'Erasure of a 20,000-event session (`bench/erasure.bench.ts`)',
      `\`${process.env['BENCH_COMMAND'] ?? 'npm run bench -- erasure'}\`, on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), the embedded store with \`synchronous=FULL\`, one run:

${table}

The erasure of a long session costs a fraction of appending it: the stream's rows go in one
transaction (\`secure_delete\` zeroing them), then one WAL checkpoint; the read models' purge
takes the session's FTS5 entries out one row at a time and then optimizes both indexes, whose
cost follows the size of the whole index (here the kept session's too), which is what a short
session's erasure pays mostly.`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
