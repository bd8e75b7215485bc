import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { SessionListReader } from '../session-list/session-list-reader';
import { createReadModelFixture } from '../testing/read-model-fixture';
import { SessionViewsReader } from './session-views-reader';

const text = (id: string, content: string): SessionEvent =>
  messageRecorded({
    id,
    sessionId: 's1',
    kind: 'assistant_text',
    role: 'assistant',
    createdAt: '2026-04-08T09:00:00Z',
    content,
  });

const rewind = (toRevision: number, fromRevision: number): SessionEvent => ({
  type: 'SessionRewound',
  data: { sessionId: 's1', toRevision, fromRevision, rewoundAt: '2026-04-08T09:01:00Z' },
});

describe('rewound messages in the read models', () => {
  it('keeps them in the transcript marked rewound, a reused id under <id>#2, and equals the recomputation', async () => {
    const fixture = createReadModelFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', [
        { type: 'SessionStarted', data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z' } },
        text('a1', 'one'), // 1
        text('a2', 'two'), // 2
        text('a3', 'three'), // 3
        rewind(1, 3), // 4: undoes 2 and 3
        text('a2', 'two again'), // 5
        text('b1', 'branch'), // 6
        rewind(5, 6), // 7: undoes 6
      ]);
      await fixture.runner.catchUp();
      expect(readSessionReadModels(fixture.db, 's1')).toEqual(
        computeSessionReadModels('s1', await fixture.sessionEvents('s1')),
      );
      const page = new SessionViewsReader(fixture.db).transcriptPage('s1', { limit: 10 });
      expect(
        page.entries.map((entry) => [entry.message.id, entry.message.content, entry.rewound]),
      ).toEqual([
        ['a1', 'one', undefined],
        ['a2', 'two', true],
        ['a3', 'three', true],
        ['a2#2', 'two again', undefined],
        ['b1', 'branch', true],
      ]);
      expect(new SessionListReader(fixture.db).session('s1')).toMatchObject({ rewindCount: 2 });
    } finally {
      await fixture.close();
    }
  });
});
