import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RecordedEvent } from '../event-store';
import type { AppendReport } from '../testing/append-until-killed';
import { collect, newEvent } from '../testing/contract-helpers';
import { SqliteEventStore } from './sqlite-event-store';
import { temporaryFolder } from './sqlite-store-fixture';

const testing = join(__dirname, '..', 'testing');
const KILL_AFTER_APPENDS = 300;
/** The parent appends too, as a second writer process would, once per this many child appends. */
const NEIGHBOUR_EVERY = 25;

describe('SqliteEventStore killed in the middle of a stream of appends', () => {
  it('loses no resolved append and leaves no half-written one, beside a second writer process', async () => {
    const folder = temporaryFolder('event-store-crash-');
    const path = folder.file('events.sqlite');
    const neighbour = new SqliteEventStore({ path });
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, '..', '..', '..', '..', 'scripts', 'ts-register.js'),
        join(testing, 'append-until-killed.ts'),
        path,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const reports: AppendReport[] = [];
    const neighbourIds: string[] = [];
    let tornLine: string | undefined;
    try {
      for await (const line of createInterface({ input: child.stdout })) {
        // The kill may tear the last line; only a complete one reports a resolved append.
        expect(tornLine).toBeUndefined();
        const report = parseReport(line);
        if (report === undefined) {
          tornLine = line;
          continue;
        }
        reports.push(report);
        if (reports.length % NEIGHBOUR_EVERY === 0 && reports.length <= KILL_AFTER_APPENDS) {
          const event = newEvent('Neighbour');
          await neighbour.append('neighbour-1', [event], {
            expectedRevision: neighbourIds.length === 0 ? 'no_stream' : neighbourIds.length - 1,
          });
          neighbourIds.push(event.id);
        }
        if (reports.length === KILL_AFTER_APPENDS) child.kill('SIGKILL');
      }
    } finally {
      child.kill('SIGKILL');
    }
    const [code, signal] = (await exited) as [number | null, string | null];
    expect({ code, signal, stderr }).toEqual({ code: null, signal: 'SIGKILL', stderr: '' });
    await neighbour.close();

    const reopened = new SqliteEventStore({ path });
    try {
      for (const report of reports) {
        const read = await collect(
          reopened.readStream(report.streamName, {
            fromRevision: report.firstRevision,
            maxCount: report.ids.length,
          }),
        );
        expect(read.map((event) => event.id)).toEqual(report.ids);
        expect(read.at(-1)?.position).toBe(report.position);
      }
      const all = await collect(reopened.readAll());
      expect(halfWrittenBatches(all)).toEqual([]);
      const neighbourRead = await collect(reopened.readStream('neighbour-1'));
      expect(neighbourRead.map((event) => event.id)).toEqual(neighbourIds);
      expect(all.length).toBeGreaterThanOrEqual(neighbourIds.length + reports.length);
    } finally {
      await reopened.close();
      folder.remove();
    }
  });
});

function parseReport(line: string): AppendReport | undefined {
  try {
    return JSON.parse(line) as AppendReport;
  } catch {
    return undefined;
  }
}

/** Batches of the child whose events are not all there. */
function halfWrittenBatches(events: readonly RecordedEvent[]): number[] {
  const counts = new Map<number, { size: number; found: number }>();
  for (const event of events) {
    const { batch, size } = event.metadata;
    if (typeof batch !== 'number' || typeof size !== 'number') continue;
    const count = counts.get(batch) ?? { size, found: 0 };
    count.found += 1;
    counts.set(batch, count);
  }
  return [...counts].flatMap(([batch, { size, found }]) => (found === size ? [] : [batch]));
}
