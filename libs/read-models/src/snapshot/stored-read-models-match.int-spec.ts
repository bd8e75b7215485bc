import fc from 'fast-check';
import { arbitrarySessionHistory, seedExampleEvents } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { computeSessionReadModels } from './compute-session-read-models';
import { jsonDifferences } from './json-differences';
import { readSessionReadModels } from './read-session-read-models';
import { storedDifferences } from './stored-differences';
import { storedReadModelsMatch } from './stored-read-models-match';

/** One change to one stored row, behind the handlers' back (SQL run on the read-model file). */
const CORRUPTIONS: readonly { table: string; set: string; key?: string }[] = [
  { table: 'rm_messages', set: `message = json_set(message, '$.createdAt', 'altered')` },
  { table: 'rm_messages', set: `message = json_set(message, '$.extra', 1)` },
  { table: 'rm_messages', set: 'in_transcript = 1 - in_transcript' },
  { table: 'rm_messages', set: 'export_state = (export_state + 1) % 3' },
  { table: 'rm_messages', set: 'export_redactions = export_redactions + 1' },
  { table: 'rm_messages', set: `export_entry = '{"view":"export"}'` },
  { table: 'rm_messages', set: "id = id || 'x'" },
  { table: 'rm_search_messages', set: "message_id = message_id || 'x'" },
  { table: 'rm_search_messages', set: `role = 'system'` },
  { table: 'rm_search_messages', set: `created_at = 'altered'` },
  { table: 'rm_search_messages', set: `agent = CASE WHEN agent IS NULL THEN 'other' END` },
  { table: 'rm_search_messages', set: `tools = CASE WHEN tools IS NULL THEN '["Other"]' END` },
  { table: 'rm_search_messages', set: 'eligible = 1 - eligible' },
  { table: 'rm_search_messages', set: 'pruned = 1 - pruned' },
  { table: 'rm_search_messages', set: `summary_for = 'b0'` },
  { table: 'rm_search_messages', set: `message = json_set(message, '$.content', 'altered')` },
  {
    table: 'rm_search_messages',
    set: `message = json_set(message, '$.metadata.tags', json('["system-reminder"]'))`,
  },
  { table: 'rm_search_messages', set: `facts = '{"characters":1}'` },
  { table: 'rm_search_sessions', set: 'boundary_seq = boundary_seq + 1' },
  { table: 'rm_sessions', set: `summary = json_set(summary, '$.revision', 999)` },
  { table: 'rm_analytics_calls', set: `facts = json_set(facts, '$.model', 'other')` },
  { table: 'rm_repairs', set: `repair = json_set(repair, '$.kind', 'other')`, key: 'ordinal' },
  { table: 'rm_tool_calls', set: 'open = 1 - open', key: 'tool_call_id' },
];

/** Changes row `row` (modulo the table's rows) of a corruption's table; false when it has none. */
function corrupt(
  fixture: ReadModelFixture,
  corruption: number,
  row: number,
  remove: boolean,
): boolean {
  const { table, set, key = 'rowid' } = CORRUPTIONS[corruption % CORRUPTIONS.length]!;
  const keys = fixture.db.prepare<[], unknown>(`SELECT ${key} FROM ${table}`).pluck().all();
  if (keys.length === 0) return false;
  fixture.db
    .prepare(
      remove
        ? `DELETE FROM ${table} WHERE ${key} = ?`
        : `UPDATE ${table} SET ${set} WHERE ${key} = ?`,
    )
    .run(keys[row % keys.length]);
  return true;
}

async function expected(fixture: ReadModelFixture, sessionId: string) {
  return computeSessionReadModels(sessionId, await fixture.sessionEvents(sessionId));
}

describe('storedReadModelsMatch', () => {
  let fixture: ReadModelFixture;
  afterEach(async () => {
    await fixture.close();
  });

  it('accepts the read models the handlers wrote for the seed example', async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
    await fixture.runner.catchUp();
    expect(storedReadModelsMatch(fixture.db, await expected(fixture, 's1'))).toBe(true);
  });

  it('accepts a stored message written as other text of the same value, as the reader reads it', async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
    await fixture.runner.catchUp();
    fixture.db.exec(`UPDATE rm_messages SET message = ' ' || message WHERE seq = 0`);
    const recomputed = await expected(fixture, 's1');
    expect(jsonDifferences(recomputed, readSessionReadModels(fixture.db, 's1'))).toEqual([]);
    expect(storedReadModelsMatch(fixture.db, recomputed)).toBe(true);
    fixture.db.exec(
      `UPDATE rm_messages SET message = json_set(message, '$.id', 'other') WHERE seq = 0`,
    );
    expect(storedReadModelsMatch(fixture.db, recomputed)).toBe(false);
  });

  it('accepts what the handlers wrote for any history, and accepts nothing the readers would read as different', async () => {
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ maxSteps: 12 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        async (events, corruption, row, remove) => {
          fixture = createReadModelFixture();
          try {
            if (events.length > 0) await appendSessionEvents(fixture.store, 's1', events);
            await fixture.runner.catchUp();
            const recomputed = await expected(fixture, 's1');
            expect(storedReadModelsMatch(fixture.db, recomputed)).toBe(true);
            if (!corrupt(fixture, corruption, row, remove)) return;
            // Some corruptions leave rows no reader makes sense of: the readers throw then.
            let differences: string[] | 'unreadable';
            try {
              differences = jsonDifferences(recomputed, readSessionReadModels(fixture.db, 's1'));
            } catch {
              differences = 'unreadable';
            }
            let match: boolean | 'threw';
            try {
              match = storedReadModelsMatch(fixture.db, recomputed);
            } catch {
              match = 'threw';
            }
            const differ = differences === 'unreadable' || differences.length > 0;
            if (differ) {
              expect(match).not.toBe(true);
              rejected += 1;
            }
            // verify's comparison reports exactly when they differ, unreadable rows included.
            const reported = storedDifferences(fixture.db, recomputed);
            expect(reported.length > 0).toBe(differ);
            if (differences !== 'unreadable') expect(reported).toEqual(differences);
          } finally {
            await fixture.close();
          }
        },
      ),
      { numRuns: 60 },
    );
    // The corruptions reached the comparison: most of them made a difference it had to refuse.
    expect(rejected).toBeGreaterThan(20);
    fixture = createReadModelFixture();
  });
});
