import { messageRecorded } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture, type ReadModelFixture } from '../testing/read-model-fixture';
import { computeSessionReadModels } from './compute-session-read-models';
import { jsonDifferences } from './json-differences';
import { readSessionReadModels } from './read-session-read-models';
import { storedDifferences } from './stored-differences';
import { storedReadModelsMatch } from './stored-read-models-match';

const at = '2026-04-08T09:00:00.000Z';

/**
 * A result recorded before its call: normalization places a copy of it after the call, so the
 * session's `rm_messages` rows hold one row more than its search rows, and from the copy on the
 * search rows no longer sit at the index of the row of their id.
 */
const messages: RuntimeMessage[] = [
  { id: 'u1', sessionId: 's1', createdAt: at, kind: 'user_input', role: 'user', content: 'Go.' },
  {
    id: 'r1',
    sessionId: 's1',
    createdAt: at,
    kind: 'tool_result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'Read',
        output: { type: 'text', value: 'early' },
      },
    ],
  },
  {
    id: 'c1',
    sessionId: 's1',
    createdAt: at,
    kind: 'tool_call',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'Read', input: { path: 'a' } }],
  },
  {
    id: 'a1',
    sessionId: 's1',
    createdAt: at,
    kind: 'assistant_text',
    role: 'assistant',
    content: 'Done.',
  },
];

describe('storedReadModelsMatch: a search row known by the text of the message row of its id', () => {
  let fixture: ReadModelFixture;
  beforeEach(async () => {
    fixture = createReadModelFixture();
    await appendSessionEvents(fixture.store, 's1', messages.map(messageRecorded));
    await fixture.runner.catchUp();
  });
  afterEach(async () => {
    await fixture.close();
  });

  const recomputed = async () => computeSessionReadModels('s1', await fixture.sessionEvents('s1'));
  const ids = (table: string, column: string) =>
    fixture.db.prepare(`SELECT ${column} FROM ${table} ORDER BY rowid`).pluck().all();

  it('accepts the rows when the search rows do not sit at the index of their message rows', async () => {
    expect(ids('rm_messages', 'id')).toEqual(['u1', 'r1', 'c1', 'r1:repair:moved', 'a1']);
    expect(ids('rm_search_messages', 'message_id')).toEqual(['u1', 'r1', 'c1', 'a1']);
    expect(storedReadModelsMatch(fixture.db, await recomputed())).toBe(true);
  });

  it.each([
    [
      'the message row at its index (another id)',
      `SELECT message FROM rm_messages WHERE id = 'r1:repair:moved'`,
    ],
    ['another message row', `SELECT message FROM rm_messages WHERE id = 'u1'`],
  ])(
    'refuses a search row holding the text of %s, and reports what the whole comparison reports',
    async (_name, source) => {
      fixture.db.exec(
        `UPDATE rm_search_messages SET message = (${source}) WHERE message_id = 'a1'`,
      );
      const expected = await recomputed();
      const whole = jsonDifferences(expected, readSessionReadModels(fixture.db, 's1'));
      expect(whole).not.toEqual([]);
      expect(storedReadModelsMatch(fixture.db, expected)).toBe(false);
      expect(storedDifferences(fixture.db, expected)).toEqual(whole);
    },
  );
});
