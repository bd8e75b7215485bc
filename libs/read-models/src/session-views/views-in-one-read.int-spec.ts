import fc from 'fast-check';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture } from '../testing/read-model-fixture';
import { SessionViewsReader } from './session-views-reader';

describe('SessionViewsReader.views', () => {
  it('equals messages, transcript and export read one by one, for generated histories', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrarySessionHistory({ maxSteps: 20 }), async (events) => {
        const fixture = createReadModelFixture();
        try {
          await appendSessionEvents(fixture.store, 's1', events);
          await fixture.runner.catchUp();
          const reader = new SessionViewsReader(fixture.db);
          expect(reader.views('s1')).toEqual({
            messages: reader.messages('s1'),
            transcript: reader.transcript('s1'),
            export: reader.export('s1'),
          });
        } finally {
          await fixture.close();
        }
      }),
      { numRuns: 30 },
    );
  });
});
