import fc from 'fast-check';
import type { SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture } from '../testing/read-model-fixture';

const recordedMessages = (events: readonly SessionEvent[]): RuntimeMessage[] =>
  events.flatMap((event) => ('kind' in event.data ? [event.data] : []));

describe('the stored transcript shows what was recorded, once', () => {
  it('holds for generated histories with pending, refused, early, hidden and orphan tool parts', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrarySessionHistory({ maxSteps: 25 }), async (events) => {
        const fixture = createReadModelFixture();
        try {
          await appendSessionEvents(fixture.store, 's1', events);
          await fixture.runner.catchUp();
          const stored = readSessionReadModels(fixture.db, 's1');
          const byId = new Map(stored.messages.map((message) => [message.id, message]));
          const shown = stored.transcript.messages.map((entry) => entry.id);

          // Never a synthetic message: no invented result, no copy made for the model.
          expect(shown.filter((id) => byId.get(id)?.metadata?.synthetic === true)).toEqual([]);
          // Never a message twice.
          expect(new Set(shown).size).toBe(shown.length);
          // Every recorded message the runtime did not hide from the transcript, but retries.
          const retried = stored.repairs.filter(
            (repair) => repair.type === 'duplicate-message-id' && repair.renamedTo === undefined,
          ).length;
          const hiddenAsRecorded = recordedMessages(events).filter(
            (message) => message.metadata?.visibleInTranscript === false,
          ).length;
          expect(shown.length).toBe(recordedMessages(events).length - retried - hiddenAsRecorded);
          // In log order.
          const order = stored.messages.map((message) => message.id);
          expect([...shown].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(shown);
        } finally {
          await fixture.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
