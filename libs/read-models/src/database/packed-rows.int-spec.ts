import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { computeSessionReadModels } from '../snapshot/compute-session-read-models';
import { readSessionReadModels } from '../snapshot/read-session-read-models';
import { SearchReader } from '../search/search-reader';
import { createReadModelFixture } from '../testing/read-model-fixture';
import { SessionViewsReader } from '../session-views/session-views-reader';

const longOutput = Array.from(
  { length: 200 },
  (_, line) => `const value${line} = readConfig("app-${line}.json"); // 登录 résumé`,
).join('\n');

const events: SessionEvent[] = [
  messageRecorded({
    id: 'm1',
    sessionId: 's1',
    kind: 'tool_call',
    role: 'assistant',
    createdAt: '2026-04-08T09:00:00Z',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { path: 'a.ts' } }],
  }),
  messageRecorded({
    id: 'm2',
    sessionId: 's1',
    kind: 'tool_result',
    role: 'tool',
    createdAt: '2026-04-08T09:00:01Z',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'Read',
        output: {
          type: 'text',
          value: `${longOutput}\nOPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789`,
        },
      },
    ],
  }),
];

describe('rm_messages stores long JSON packed', () => {
  it('packs the long message and its redacted export, and every view reads back what the replay computes', async () => {
    const fixture = createReadModelFixture();
    try {
      await appendSessionEvents(fixture.store, 's1', events);
      await fixture.runner.catchUp();
      const stored = fixture.db
        .prepare<[], { id: string; message: string; export_entry: string }>(
          `SELECT id, typeof(message) AS message, typeof(export_entry) AS export_entry
           FROM rm_messages WHERE session_id = 's1' ORDER BY seq`,
        )
        .all();
      expect(stored).toEqual([
        { id: 'm1', message: 'text', export_entry: 'null' },
        { id: 'm2', message: 'blob', export_entry: 'blob' },
      ]);
      expect(readSessionReadModels(fixture.db, 's1')).toEqual(
        computeSessionReadModels('s1', await fixture.sessionEvents('s1')),
      );
      const reader = new SessionViewsReader(fixture.db);
      const shown = reader.transcriptPage('s1', { limit: 10 }).entries[1]?.message;
      expect(shown?.id).toBe('m2');
      expect(JSON.stringify(shown?.content)).toContain('value199 = readConfig');
      const page = new SearchReader(fixture.db).search({ query: 'value150' });
      expect(page.results.map((result) => result.messageId)).toEqual(['m2']);
    } finally {
      await fixture.close();
    }
  });
});
