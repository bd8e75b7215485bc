/**
 * Child process of the crash test: appends batches of 1 to 10 events to five streams, with exact
 * expected revisions, until it is killed, and writes one JSON line to stdout per append that
 * resolved. Each event's metadata names its batch and the batch's size, so the parent can tell a
 * half-written append. Run: node -r ./scripts/ts-register.js
 * libs/event-store/src/testing/append-until-killed.ts <database file>
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';

/** One line of the child's report. */
export interface AppendReport {
  streamName: string;
  batch: number;
  ids: string[];
  firstRevision: number;
  position: number;
}

async function appendUntilKilled(path: string): Promise<never> {
  const store = new SqliteEventStore({ path });
  const revisions = new Map<string, number>();
  for (let batch = 0; ; batch += 1) {
    const streamName = `crash-${batch % 5}`;
    const size = 1 + (batch % 10);
    const events = Array.from({ length: size }, (_, index) => ({
      id: randomUUID(),
      type: 'Appended',
      data: { batch, index, padding: 'x'.repeat(500) },
      metadata: { batch, size },
    }));
    const result = await store.append(streamName, events, {
      expectedRevision: revisions.get(streamName) ?? 'no_stream',
    });
    revisions.set(streamName, result.nextExpectedRevision);
    const report: AppendReport = {
      streamName,
      batch,
      ids: events.map((event) => event.id),
      firstRevision: result.nextExpectedRevision - size + 1,
      position: result.position,
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
    // An append resolves without I/O: let the event loop flush stdout between appends.
    await nextTurn();
  }
}

const [path] = process.argv.slice(2);
if (require.main === module && path !== undefined) void appendUntilKilled(path);
