import type { SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { AnalyticsReader } from '../analytics/analytics-reader';
import { RecordedMessagesHandler } from './recorded-messages-handler';
import { SearchReader } from './search-reader';

const T = '2026-03-01T10:00:00.000Z';

function input(id: string, content: string): SessionEvent {
  const message: RuntimeMessage = {
    id,
    sessionId: 's1',
    createdAt: T,
    kind: 'user_input',
    role: 'user',
    content,
  };
  return { type: 'UserInputRecorded', data: message };
}

describe('RecordedMessagesHandler: a message id recorded again', () => {
  let fixture: ReadModelFixture;

  beforeEach(() => {
    fixture = createReadModelFixture();
  });

  afterEach(() => fixture.close());

  it('drops a retried copy of any version, keeps each other message once as <id>#n, and leaves a message recorded as `x#2` apart', async () => {
    await appendSessionEvents(fixture.store, 's1', [
      input('x', 'first'),
      input('x#2', 'recorded with that id'),
      input('x', 'second'),
      // A retry of the second version (kept as x#3): dropped.
      input('x', 'second'),
      input('x', 'third'),
      // A retry of the message recorded as `x#2`: dropped, it is not a version of `x`.
      input('x#2', 'recorded with that id'),
      input('x#2', 'another'),
    ]);
    await fixture.runner.catchUp();
    const documents = new SearchReader(fixture.db).documents('s1');
    expect(documents.map((document) => [document.messageId, document.text])).toEqual([
      ['x', 'first'],
      ['x#2', 'recorded with that id'],
      ['x#3', 'second'],
      ['x#4', 'third'],
      ['x#2#2', 'another'],
    ]);
    expect(new AnalyticsReader(fixture.db).session('s1')?.messages).toEqual(
      expect.objectContaining({ total: 5 }),
    );
  });
});

describe('RecordedMessagesHandler: a compact summary recorded before its boundary', () => {
  let fixture: ReadModelFixture;

  beforeEach(() => {
    fixture = createReadModelFixture();
  });

  afterEach(() => fixture.close());

  function summary(id: string, boundaryId: string, eligible = true): SessionEvent {
    return {
      type: 'CompactSummaryRecorded',
      data: {
        id,
        sessionId: 's1',
        createdAt: T,
        kind: 'compact_summary',
        role: 'user',
        content: `summary ${id}`,
        metadata: {
          summaryForBoundaryId: boundaryId,
          ...(eligible ? {} : { eligibleForModelContext: false }),
        },
      },
    };
  }

  function boundary(id: string): SessionEvent {
    return {
      type: 'CompactBoundaryRecorded',
      data: {
        id,
        sessionId: 's1',
        createdAt: T,
        kind: 'compact_boundary',
        role: 'system',
        content: { type: 'compact-boundary', trigger: 'auto' },
      },
    };
  }

  it('is found when the boundary comes (the latest eligible one of that boundary), in a batch or across batches', async () => {
    for (const batchSize of [1, 100]) {
      const each = createReadModelFixture({ batchSize });
      try {
        await appendSessionEvents(each.store, 's1', [
          input('a', 'before'),
          summary('s-old', 'b1'),
          summary('s-new', 'b1'),
          summary('s-hidden', 'b1', false),
          summary('s-other', 'b0'),
          boundary('b1'),
          input('c', 'after'),
        ]);
        await each.runner.catchUp();
        const visibility = new SearchReader(each.db)
          .documents('s1')
          .map((document) => [document.messageId, document.visibility]);
        expect(visibility).toEqual([
          ['a', 'behind-boundary'],
          ['s-old', 'behind-boundary'],
          ['s-new', 'visible'],
          ['s-hidden', 'hidden'],
          ['s-other', 'behind-boundary'],
          ['b1', 'hidden'],
          ['c', 'visible'],
        ]);
      } finally {
        await each.close();
      }
    }
  });

  it('is found in a file written before the summaries had an index of their own (setting up creates it)', async () => {
    await appendSessionEvents(fixture.store, 's1', [input('a', 'before'), summary('s2', 'b2')]);
    await fixture.runner.catchUp();
    fixture.db.exec('DROP INDEX rm_search_summaries');
    new RecordedMessagesHandler(fixture.db).setUp();
    const indexes = fixture.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_search_messages'",
      )
      .all();
    expect(indexes).toContainEqual({ name: 'rm_search_summaries' });
    await appendSessionEvents(fixture.store, 's1', [boundary('b2')]);
    await fixture.runner.catchUp();
    expect(
      new SearchReader(fixture.db)
        .documents('s1')
        .map((document) => [document.messageId, document.visibility]),
    ).toEqual([
      ['a', 'behind-boundary'],
      ['s2', 'visible'],
      ['b2', 'hidden'],
    ]);
  });
});
