import fc from 'fast-check';
import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { arbitrarySessionHistory, seedExampleEvents } from '@agent-ledger/testing';
import { computeSessionReadModels } from './snapshot/compute-session-read-models';
import { readSessionReadModels } from './snapshot/read-session-read-models';
import { SearchReader } from './search/search-reader';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from './testing/read-model-fixture';

async function expectReadModelsEqualReplay(fixture: ReadModelFixture, sessionIds: string[]) {
  for (const sessionId of sessionIds) {
    const replayed = computeSessionReadModels(sessionId, await fixture.sessionEvents(sessionId));
    expect(readSessionReadModels(fixture.db, sessionId)).toEqual(replayed);
  }
}

describe('read models equal the pure projections of the replayed stream', () => {
  it('holds for the seed example, pruned', async () => {
    const fixture = createReadModelFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', seedExampleEvents());
      await fixture.runner.catchUp();
      await expectReadModelsEqualReplay(fixture, ['s1']);
      const stored = readSessionReadModels(fixture.db, 's1');
      expect(stored.transcript.messages.map((entry) => entry.id)).toEqual([
        'm1',
        'm2',
        'm3',
        'm4',
        'm5',
      ]);
      expect(stored.transcript.messages[3]).toMatchObject({
        compactedAt: '2026-04-08T10:00:00Z',
        metadata: { compacted: true },
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'Read',
            output: { type: 'text', value: '...长文件...' },
          },
        ],
      });
    } finally {
      await fixture.close();
    }
  });

  it('holds for a log whose later message literally uses an id an earlier reuse was given', async () => {
    const fixture = createReadModelFixture();
    const text = (id: string, second: number, content: string): SessionEvent =>
      messageRecorded({
        id,
        sessionId: 's1',
        kind: 'assistant_text',
        role: 'assistant',
        createdAt: `2026-04-08T09:00:0${second}Z`,
        content,
      });
    try {
      // Caught up after each append: the read models see no later event when they rename.
      for (const event of [
        text('m1', 1, 'First'),
        text('m1', 2, 'Other'),
        text('m1#2', 3, 'Recorded as m1#2'),
        text('m1#2', 3, 'Recorded as m1#2'),
      ]) {
        await appendSessionEvents(fixture.store, 's1', [event]);
        await fixture.runner.catchUp();
      }
      await expectReadModelsEqualReplay(fixture, ['s1']);
      const stored = readSessionReadModels(fixture.db, 's1');
      expect(stored.transcript.messages.map((entry) => [entry.id, entry.content])).toEqual([
        ['m1', 'First'],
        ['m1#2', 'Other'],
        ['m1#2#2', 'Recorded as m1#2'],
      ]);
      expect(
        new SearchReader(fixture.db).documents('s1').map((document) => document.messageId),
      ).toEqual(['m1', 'm1#2', 'm1#2#2']);
    } finally {
      await fixture.close();
    }
  });

  it('holds for generated histories of several sessions, applied in batches, and after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitrarySessionHistory({ maxSteps: 20 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }),
        async (histories, batchSize, chunkSizes) => {
          const fixture = createReadModelFixture({ batchSize });
          const sessionIds = histories.map((_, index) => `s${index + 1}`);
          try {
            // Interleave the sessions' appends in chunks, catching up halfway through.
            const queues = histories.map((events, index) =>
              events.map((event) => withSession(event, `s${index + 1}`)),
            );
            let turn = 0;
            while (queues.some((queue) => queue.length > 0)) {
              const index = turn % queues.length;
              const chunk = queues[index]!.splice(0, chunkSizes[turn % chunkSizes.length]);
              if (chunk.length > 0)
                await appendSessionEvents(fixture.store, `s${index + 1}`, chunk);
              if (turn === 3) await fixture.runner.catchUp();
              turn += 1;
            }
            await fixture.runner.catchUp();
            await expectReadModelsEqualReplay(fixture, sessionIds);
            await fixture.runner.rebuild();
            await expectReadModelsEqualReplay(fixture, sessionIds);
          } finally {
            await fixture.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** An event of the generated history of `s1`, moved to another session (every event data names its session). */
function withSession(event: SessionEvent, sessionId: string): SessionEvent {
  return { ...event, data: { ...event.data, sessionId } } as SessionEvent;
}
