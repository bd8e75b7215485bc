import type { SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { SearchReader } from './search-reader';

/** A user input saying `lantern`, recorded at `createdAt` as the runtime wrote it. */
function input(id: string, createdAt: string): SessionEvent {
  return {
    type: 'UserInputRecorded',
    data: { id, sessionId: 's1', role: 'user', kind: 'user_input', createdAt, content: 'lantern' },
  };
}

const RECORDED: Record<string, string> = {
  canonical: '2026-03-01T10:00:00.000Z',
  'no-milliseconds': '2026-03-01T10:00:01Z',
  offset: '2026-03-01T12:00:02.000+02:00',
  microseconds: '2026-03-01T10:00:03.123456Z',
  'last-millisecond': '2026-03-01T23:59:59.999Z',
};

describe('rm_search_messages.created_at', () => {
  let fixture: ReadModelFixture;

  beforeEach(async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(
      fixture.store,
      's1',
      Object.entries(RECORDED).map(([id, createdAt]) => input(id, createdAt)),
    );
    await fixture.runner.catchUp();
  });

  afterEach(() => fixture.close());

  it('gives back every createdAt as recorded', () => {
    const page = new SearchReader(fixture.db).search({ query: 'lantern', limit: 10 });
    const read = Object.fromEntries(
      page.results.map((result) => [result.messageId, result.createdAt]),
    );
    expect(read).toEqual(RECORDED);
  });

  it('stores only the ones their milliseconds do not give back', () => {
    const stored = fixture.db
      .prepare<[], { message_id: string; created_at: string | null }>(
        'SELECT message_id, created_at FROM rm_search_messages ORDER BY rowid',
      )
      .all();
    expect(stored).toEqual([
      { message_id: 'canonical', created_at: null },
      { message_id: 'no-milliseconds', created_at: RECORDED['no-milliseconds'] },
      { message_id: 'offset', created_at: RECORDED['offset'] },
      { message_id: 'microseconds', created_at: RECORDED['microseconds'] },
      { message_id: 'last-millisecond', created_at: null },
    ]);
  });
});
