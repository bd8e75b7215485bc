import { messageRecorded, type SessionEvent, type SessionLogEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { openReadModelDatabase } from '../database/open-read-model-database';
import { SessionViewsHandler } from './session-views-handler';
import { SessionViewsReader } from './session-views-reader';

const logged = (event: SessionEvent, revision: number): SessionLogEvent => ({
  event,
  sessionId: 's1',
  streamName: 'session-s1',
  revision,
  position: 100 + revision,
  id: `e${revision}`,
  recordedAt: '2026-04-08T09:00:00.000Z',
  metadata: { schemaVersion: 1 },
});

const base = { sessionId: 's1', createdAt: '2026-04-08T09:00:00.000Z' };
const call: RuntimeMessage = {
  ...base,
  id: 'c1',
  kind: 'tool_call',
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'Read', input: {} }],
};
const result: RuntimeMessage = {
  ...base,
  id: 'r1',
  kind: 'tool_result',
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call-1',
      toolName: 'Read',
      output: { type: 'text', value: 'ok' },
    },
  ],
};

/** Whether the model may see each stored message, by id. */
function eligibility(db: ReturnType<typeof openReadModelDatabase>): Record<string, boolean> {
  return Object.fromEntries(
    new SessionViewsReader(db)
      .views('s1')
      .messages.map((message) => [message.id, message.metadata?.eligibleForModelContext !== false]),
  );
}

describe('SessionViewsHandler: what a batch remembers of its own writes', () => {
  it('answers a call opened earlier in the batch, and forgets it when the batch is rolled back', () => {
    const db = openReadModelDatabase(':memory:');
    try {
      const handler = new SessionViewsHandler(db);
      handler.setUp();
      // A batch that opens the call, then fails: its rows and what it remembered both go.
      expect(() =>
        db.transaction(() => {
          handler.apply(logged(messageRecorded(call), 0));
          throw new Error('another handler failed');
        })(),
      ).toThrow('another handler failed');
      handler.abortBatch();
      // The result comes with no call before it: it is an orphan, hidden from the model.
      db.transaction(() => {
        handler.apply(logged(messageRecorded(result), 1));
        handler.endBatch();
      })();
      expect(eligibility(db)).toEqual({ r1: false });
      // In one batch, a call is opened and its result answers it.
      const other = { toolCallId: 'call-2', toolName: 'Read' };
      db.transaction(() => {
        handler.apply(
          logged(
            messageRecorded({
              ...call,
              id: 'c2',
              content: [{ type: 'tool-call', ...other, input: {} }],
            }),
            2,
          ),
        );
        handler.apply(
          logged(
            messageRecorded({
              ...result,
              id: 'r2',
              content: [{ type: 'tool-result', ...other, output: { type: 'text', value: 'ok' } }],
            }),
            3,
          ),
        );
        handler.endBatch();
      })();
      expect(eligibility(db)).toEqual({ r1: false, c2: true, r2: true });
    } finally {
      db.close();
    }
  });
});
