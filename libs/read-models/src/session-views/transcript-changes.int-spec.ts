import fc from 'fast-check';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture } from '../testing/read-model-fixture';
import { SessionViewsReader } from './session-views-reader';

describe('SessionViewsReader.transcriptChanges', () => {
  it('gives, after a cursor, the entries written since it: those changed (a pruning flags an earlier one) then those added', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ maxSteps: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (events, at) => {
          const fixture = createReadModelFixture();
          try {
            const split = Math.floor(events.length * at);
            const reader = new SessionViewsReader(fixture.db);
            if (split > 0) {
              await appendSessionEvents(fixture.store, 's1', events.slice(0, split));
              await fixture.runner.catchUp();
            }
            const before = reader.transcriptChanges('s1', { afterSeq: -1, afterRevision: -1 });
            if (split < events.length) {
              await appendSessionEvents(fixture.store, 's1', events.slice(split));
              await fixture.runner.catchUp();
            }
            const { cursor } = before;
            const all = reader.transcriptPage('s1', { limit: 100_000 }).entries;
            const changes = reader.transcriptChanges('s1', cursor);
            expect(changes.entries).toEqual([
              ...all.filter(
                (entry) => entry.seq <= cursor.afterSeq && entry.revision > cursor.afterRevision,
              ),
              ...all.filter((entry) => entry.seq > cursor.afterSeq),
            ]);
            // Nothing is written twice: from the cursor it returns, nothing more until the next batch.
            expect(reader.transcriptChanges('s1', changes.cursor).entries).toEqual([]);
          } finally {
            await fixture.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
