import type { SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { SearchReader } from './search-reader';

/** Ten user inputs with the word `lantern`; `m3` and `m8` say it three times (they rank first). */
function inputs(sessionId: string): SessionEvent[] {
  return Array.from({ length: 10 }, (_, index) => ({
    type: 'UserInputRecorded',
    data: {
      id: `m${index}`,
      sessionId,
      role: 'user',
      kind: 'user_input',
      createdAt: `2026-03-01T10:00:0${index}.000Z`,
      content:
        index === 3 || index === 8
          ? 'lantern lantern lantern'
          : `the lantern by door ${index} of the hall`,
    },
  }));
}

describe('SearchReader ranking by tiers of the newest matches', () => {
  let fixture: ReadModelFixture;

  beforeEach(async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(fixture.store, 's1', inputs('s1'));
    await fixture.runner.catchUp();
  });

  afterEach(() => fixture.close());

  const ids = (page: { results: Array<{ messageId: string }> }) =>
    page.results.map((result) => result.messageId);

  it('ranks a query matching fewer messages than a tier as one set', () => {
    const page = new SearchReader(fixture.db).search({ query: 'lantern', limit: 3 });
    expect(ids(page).slice(0, 2).sort()).toEqual(['m3', 'm8']);
  });

  it('ranks the newest tier first, each tier by BM25, and pages through every match once', () => {
    const reader = new SearchReader(fixture.db, { rankTier: 4 });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = reader.search({ query: 'lantern', limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    // Tiers: m9–m6, m5–m2, m1–m0; in each the repeated word first, then newest first by rowid.
    expect(seen).toEqual(['m8', 'm6', 'm7', 'm9', 'm3', 'm2', 'm4', 'm5', 'm0', 'm1']);
  });

  it('keeps its pages when messages are indexed while paging', async () => {
    const reader = new SearchReader(fixture.db, { rankTier: 4 });
    const first = reader.search({ query: 'lantern', limit: 4 });
    await appendSessionEvents(fixture.store, 's2', inputs('s2'));
    await fixture.runner.catchUp();
    const second = reader.search({ query: 'lantern', limit: 4, cursor: first.nextCursor! });
    expect(ids(first)).toEqual(['m8', 'm6', 'm7', 'm9']);
    expect(second.results.map((result) => result.sessionId)).toEqual(['s1', 's1', 's1', 's1']);
    expect(ids(second)).toEqual(['m3', 'm2', 'm4', 'm5']);
  });

  it('counts a tier within the time range', () => {
    const reader = new SearchReader(fixture.db, { rankTier: 2 });
    const page = reader.search({ query: 'lantern to:2026-03-01T10:00:04Z', limit: 10 });
    expect(ids(page)).toEqual(['m3', 'm2', 'm0', 'm1']);
  });
});
