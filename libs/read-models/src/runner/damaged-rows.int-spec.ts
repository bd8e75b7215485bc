import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents, arbitrarySessionHistory } from '@agent-ledger/testing';
import { ReadModelRowDamagedError } from '../errors';
import { SessionViewsReader } from '../session-views/session-views-reader';
import { verifySessionReadModels } from '../snapshot/verify-session-read-models';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { listFailedEvents } from './list-failed-events';
import type { ReadModelRepair } from './read-model-damage';

const userInput = (sessionId: string, id: string, content: string): SessionEvent =>
  messageRecorded({
    id,
    sessionId,
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T11:00:00.000Z',
    content,
  });

function fixtureWith(repairs: ReadModelRepair[], sweepRowsPerSecond = 0): ReadModelFixture {
  return createReadModelFixture({
    sweepRowsPerSecond,
    onRepair: (repair) => repairs.push(repair),
  });
}

/** Changes a value behind the handlers' back, as the README's `sqlite3` example does. */
function damage(fixture: ReadModelFixture, sql: string, ...params: unknown[]): void {
  expect(fixture.db.prepare(sql).run(...params).changes).toEqual(1);
}

async function expectVerified(fixture: ReadModelFixture, sessionId: string): Promise<void> {
  expect(
    await verifySessionReadModels(fixture.store, fixture.db, sessionId, {
      upToPosition: fixture.runner.position,
    }),
  ).toEqual([]);
}

describe('a read-model row changed behind the handlers’ back', () => {
  let fixture: ReadModelFixture | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });

  it('is never served: the read throws ReadModelRowDamaged, and repairSession rebuilds the session from the log', async () => {
    const repairs: ReadModelRepair[] = [];
    fixture = fixtureWith(repairs);
    await appendSessionEvents(fixture.store, 's1', [
      userInput('s1', 'm1', 'hello'),
      userInput('s1', 'm2', 'how are you'),
    ]);
    await appendSessionEvents(fixture.store, 's2', [userInput('s2', 'm1', 'other session')]);
    await fixture.runner.catchUp();
    const reader = new SessionViewsReader(fixture.db);
    const before = reader.transcriptPage('s1', { limit: 10 });
    damage(
      fixture,
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'forged') WHERE session_id = 's1' AND id = 'm2'`,
    );

    expect(() => reader.transcriptPage('s1', { limit: 10 })).toThrow(
      new ReadModelRowDamagedError('s1', 1),
    );
    expect(() => reader.export('s1')).toThrow(ReadModelRowDamagedError);
    expect(() => reader.messages('s1')).toThrow(ReadModelRowDamagedError);
    expect(() => reader.transcriptEntry('s1', 'm2')).toThrow(ReadModelRowDamagedError);
    // Another session's rows are read as before.
    expect(reader.transcriptPage('s2', { limit: 10 }).entries).toHaveLength(1);

    expect(await fixture.runner.repairSession('s1')).toBe(true);
    expect(reader.transcriptPage('s1', { limit: 10 })).toEqual(before);
    expect(repairs).toEqual([{ sessionId: 's1', foundBy: 'read', outcome: 'repaired' }]);
    expect(fixture.runner.damage).toEqual({ found: 1, repaired: 1, unrepaired: [] });
    await expectVerified(fixture, 's1');
  });

  it('finds a changed export row (a redacted copy) and a flipped transcript flag', async () => {
    const repairs: ReadModelRepair[] = [];
    // The default export policy redacts secrets: the export row holds the redacted copy.
    fixture = fixtureWith(repairs);
    await appendSessionEvents(fixture.store, 's1', [
      userInput('s1', 'm1', 'my key is sk-ant-api03-' + 'a'.repeat(90)),
    ]);
    await fixture.runner.catchUp();
    const reader = new SessionViewsReader(fixture.db);
    const exported = reader.export('s1');
    expect(exported.diagnostics.redactionCount).toBeGreaterThan(0);
    damage(
      fixture,
      `UPDATE rm_messages SET export_entry = replace(export_entry, '[REDACTED', '[REVEALED') WHERE session_id = 's1' AND export_entry IS NOT NULL`,
    );
    expect(() => reader.export('s1')).toThrow(new ReadModelRowDamagedError('s1', 0));
    expect(await fixture.runner.repairSession('s1')).toBe(true);
    expect(reader.export('s1')).toEqual(exported);

    damage(fixture, `UPDATE rm_messages SET in_transcript = 0 WHERE session_id = 's1'`);
    // The transcript filters on the flag: the whole view reads every row and finds it.
    expect(() => reader.transcript('s1')).toThrow(ReadModelRowDamagedError);
    expect(await fixture.runner.repairSession('s1')).toBe(true);
    expect(reader.transcript('s1').messages.map((message) => message.id)).toEqual(['m1']);
    await expectVerified(fixture, 's1');
  });

  it('is repaired up to the runner’s checkpoint only: later events come with the next batches, once', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ maxSteps: 16 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        async (events, at, pick) => {
          const local = createReadModelFixture();
          try {
            const split = Math.max(1, Math.floor(events.length * at));
            await appendSessionEvents(local.store, 's1', events.slice(0, split));
            await local.runner.catchUp();
            const rows = local.db
              .prepare<[], { seq: number }>(`SELECT seq FROM rm_messages WHERE session_id = 's1'`)
              .all();
            const row = rows[pick % Math.max(1, rows.length)];
            if (row !== undefined) {
              // Through the packing, as a packed row (512 bytes or more) is stored.
              local.db
                .prepare(
                  `UPDATE rm_messages SET message = rm_pack(json_set(rm_unpack(message), '$.id', 'forged')) WHERE session_id = 's1' AND seq = ?`,
                )
                .run(row.seq);
            }
            // Appended, not yet applied: the repair must stop at the checkpoint.
            if (split < events.length) {
              await appendSessionEvents(local.store, 's1', events.slice(split));
            }
            expect(await local.runner.repairSession('s1')).toBe(true);
            await local.runner.catchUp();
            await expectVerified(local, 's1');
            expect(listFailedEvents(local.db, 's1')).toEqual([]);
          } finally {
            await local.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('is found by the handler when an event reads it (a retried message), and repaired after the batch', async () => {
    const repairs: ReadModelRepair[] = [];
    fixture = fixtureWith(repairs);
    await appendSessionEvents(fixture.store, 's1', [userInput('s1', 'm1', 'hello')]);
    await fixture.runner.catchUp();
    damage(
      fixture,
      `UPDATE rm_messages SET message = json_set(message, '$.content', 'forged') WHERE session_id = 's1'`,
    );
    // A retry of m1: the record-once rule reads the stored m1 to tell a retry from a new message.
    await appendSessionEvents(fixture.store, 's1', [userInput('s1', 'm1', 'hello')]);
    await fixture.runner.catchUp();
    await waitFor(() => repairs.length > 0);
    expect(repairs).toEqual([{ sessionId: 's1', foundBy: 'write', outcome: 'repaired' }]);
    await expectVerified(fixture, 's1');
  });

  it('is found by the background sweep when no one reads it, while the runner runs', async () => {
    const repairs: ReadModelRepair[] = [];
    fixture = fixtureWith(repairs, 1000);
    for (const sessionId of ['a', 'b', 'c']) {
      await appendSessionEvents(fixture.store, sessionId, [
        userInput(sessionId, 'm1', 'one'),
        userInput(sessionId, 'm2', 'two'),
      ]);
    }
    await fixture.runner.catchUp();
    fixture.runner.start();
    damage(
      fixture,
      `UPDATE rm_messages SET export_redactions = 3 WHERE session_id = 'b' AND id = 'm2'`,
    );
    await waitFor(() => repairs.length > 0, 5000);
    expect(repairs).toEqual([{ sessionId: 'b', foundBy: 'sweep', outcome: 'repaired' }]);
    await expectVerified(fixture, 'b');
  });

  it('reports a repair that failed, and counts the session unrepaired', async () => {
    const repairs: ReadModelRepair[] = [];
    fixture = fixtureWith(repairs);
    await appendSessionEvents(fixture.store, 's1', [userInput('s1', 'm1', 'hello')]);
    await fixture.runner.catchUp();
    await fixture.store.close();
    expect(await fixture.runner.repairSession('s1')).toBe(false);
    expect(repairs).toMatchObject([{ sessionId: 's1', foundBy: 'read', outcome: 'failed' }]);
    expect(fixture.runner.damage).toEqual({ found: 1, repaired: 0, unrepaired: ['s1'] });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not true within ${timeoutMs} ms.`);
    await sleep(20);
  }
}
