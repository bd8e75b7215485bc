import type {
  AssistantTextMessage,
  RuntimeMessage,
  ToolApprovalRequestMessage,
  ToolApprovalResponseMessage,
  ToolCallMessage,
  ToolResultMessage,
} from '@agent-ledger/messages';
import {
  SEED_EXAMPLE_COMPACTED_AT,
  seedExampleEvents,
  seedExampleMessages,
} from '@agent-ledger/testing';
import { messageRecorded } from './message-recorded';
import { normalizeSessionEvents } from './normalize-session-events';
import type { SessionEvent } from './session-event';

const at = (second: number): string => `2026-04-08T09:00:${String(second).padStart(2, '0')}Z`;

const call = (id: string, second: number, ...toolCallIds: string[]): ToolCallMessage => ({
  id,
  sessionId: 's1',
  kind: 'tool_call',
  role: 'assistant',
  createdAt: at(second),
  content: toolCallIds.map((toolCallId) => ({
    type: 'tool-call',
    toolCallId,
    toolName: 'Read',
    input: { file_path: `${toolCallId}.ts` },
  })),
});

const result = (id: string, second: number, ...toolCallIds: string[]): ToolResultMessage => ({
  id,
  sessionId: 's1',
  kind: 'tool_result',
  role: 'tool',
  createdAt: at(second),
  content: toolCallIds.map((toolCallId) => ({
    type: 'tool-result',
    toolCallId,
    toolName: 'Read',
    output: { type: 'text', value: `contents of ${toolCallId}` },
  })),
});

const text = (id: string, second: number, content = 'Done.'): AssistantTextMessage => ({
  id,
  sessionId: 's1',
  kind: 'assistant_text',
  role: 'assistant',
  createdAt: at(second),
  content,
});

const request = (
  id: string,
  second: number,
  approvalId: string,
  toolCallId: string,
): ToolApprovalRequestMessage => ({
  id,
  sessionId: 's1',
  kind: 'tool_approval_request',
  role: 'assistant',
  createdAt: at(second),
  content: [{ type: 'tool-approval-request', approvalId, toolCallId }],
});

const response = (
  id: string,
  second: number,
  approvalId: string,
  approved: boolean,
  reason?: string,
): ToolApprovalResponseMessage => ({
  id,
  sessionId: 's1',
  kind: 'tool_approval_response',
  role: 'tool',
  createdAt: at(second),
  content: [
    reason === undefined
      ? { type: 'tool-approval-response', approvalId, approved }
      : { type: 'tool-approval-response', approvalId, approved, reason },
  ],
});

const recorded = (...messages: RuntimeMessage[]): SessionEvent[] => messages.map(messageRecorded);

const pruned = (compactedAt: string, ...messageIds: string[]): SessionEvent => ({
  type: 'ToolResultsPruned',
  data: { sessionId: 's1', messageIds, compactedAt, reason: 'old' },
});

const hidden = <M extends RuntimeMessage>(message: M): M => ({
  ...message,
  metadata: { ...message.metadata, eligibleForModelContext: false },
});

const interrupted = (callMessage: ToolCallMessage, toolCallId: string): ToolResultMessage => ({
  id: `${callMessage.id}:repair:${toolCallId}`,
  sessionId: 's1',
  kind: 'tool_result',
  role: 'tool',
  createdAt: callMessage.createdAt,
  metadata: { synthetic: true, source: 'runtime' },
  content: [
    {
      type: 'tool-result',
      toolCallId,
      toolName: 'Read',
      output: {
        type: 'error-text',
        value: 'Tool call was interrupted before it returned a result.',
      },
    },
  ],
});

describe('normalizeSessionEvents', () => {
  describe('the seed example', () => {
    it('gives the seed runtime messages: m4 pruned, its toolName filled in from the call', () => {
      const [m1, m2, m3, m4, m5] = seedExampleMessages();
      expect(normalizeSessionEvents(seedExampleEvents())).toEqual({
        messages: [
          m1,
          m2,
          m3,
          {
            id: 'm4',
            sessionId: 's1',
            kind: 'tool_result',
            role: 'tool',
            createdAt: m4?.createdAt,
            metadata: { compactedAt: SEED_EXAMPLE_COMPACTED_AT },
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'Read',
                output: { type: 'text', value: '...长文件...' },
              },
            ],
          },
          m5,
        ],
        repairs: [],
      });
    });

    it('does not change the events it is given', () => {
      const events = seedExampleEvents();
      normalizeSessionEvents(events);
      expect(events).toEqual(seedExampleEvents());
    });
  });

  describe('ToolResultsPruned', () => {
    it('marks the named results; the first mark wins', () => {
      const events = [
        ...recorded(call('m1', 1, 'c1', 'c2'), result('m2', 2, 'c1'), result('m3', 3, 'c2')),
        pruned('2026-04-08T10:00:00Z', 'm2'),
        pruned('2026-04-08T11:00:00Z', 'm2', 'm3'),
      ];
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          call('m1', 1, 'c1', 'c2'),
          { ...result('m2', 2, 'c1'), metadata: { compactedAt: '2026-04-08T10:00:00Z' } },
          { ...result('m3', 3, 'c2'), metadata: { compactedAt: '2026-04-08T11:00:00Z' } },
        ],
        repairs: [],
      });
    });

    it('reports a mark naming an unknown id, one recorded only later, or a message that is no tool result', () => {
      const events = [
        ...recorded(call('m1', 1, 'c1')),
        pruned('2026-04-08T10:00:00Z', 'm1', 'm2', 'nope'),
        ...recorded(result('m2', 2, 'c1')),
      ];
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [call('m1', 1, 'c1'), result('m2', 2, 'c1')],
        repairs: [
          {
            type: 'prune-target-not-tool-result',
            messageId: 'm1',
            eventIndex: 1,
            detail:
              'A pruning mark names "m1", a tool_call message; only tool results are pruned, so it was left as it was.',
          },
          {
            type: 'unknown-prune-target',
            targetMessageId: 'm2',
            eventIndex: 1,
            detail:
              'A pruning mark names "m2", but no message with that id was recorded before it; the id was ignored.',
          },
          {
            type: 'unknown-prune-target',
            targetMessageId: 'nope',
            eventIndex: 1,
            detail:
              'A pruning mark names "nope", but no message with that id was recorded before it; the id was ignored.',
          },
        ],
      });
    });
  });

  describe('dangling tool calls', () => {
    it('inserts an interrupted result after the results that follow the call', () => {
      const m1 = call('m1', 1, 'c1', 'c2', 'c3');
      const events = recorded(m1, result('m2', 2, 'c1'), result('m3', 3, 'c3'), text('m4', 4));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          m1,
          result('m2', 2, 'c1'),
          result('m3', 3, 'c3'),
          interrupted(m1, 'c2'),
          text('m4', 4),
        ],
        repairs: [
          {
            type: 'dangling-tool-call',
            messageId: 'm1',
            toolCallId: 'c2',
            syntheticMessageId: 'm1:repair:c2',
            eventIndex: 0,
            detail:
              'Tool call "c2" (Read) in "m1" has no result; inserted "m1:repair:c2" with an interrupted error.',
          },
        ],
      });
    });

    it('inserts right after the call when nothing answers it, keeping runId', () => {
      const m1 = { ...call('m1', 1, 'c1'), runId: 'run_1' };
      const normalized = normalizeSessionEvents(recorded(m1, text('m2', 2)));
      expect(normalized.messages).toEqual([
        m1,
        { ...interrupted(m1, 'c1'), runId: 'run_1' },
        text('m2', 2),
      ]);
    });

    it('answers a call whose approval was refused with execution-denied', () => {
      const m1 = call('m1', 1, 'c1');
      const events = recorded(
        m1,
        request('m2', 2, 'a1', 'c1'),
        response('m3', 3, 'a1', false, 'Not in prod'),
        text('m4', 4),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          m1,
          request('m2', 2, 'a1', 'c1'),
          response('m3', 3, 'a1', false, 'Not in prod'),
          {
            ...interrupted(m1, 'c1'),
            content: [
              {
                type: 'tool-result',
                toolCallId: 'c1',
                toolName: 'Read',
                output: { type: 'execution-denied', reason: 'Not in prod' },
              },
            ],
          },
          text('m4', 4),
        ],
        repairs: [
          {
            type: 'dangling-tool-call',
            messageId: 'm1',
            toolCallId: 'c1',
            syntheticMessageId: 'm1:repair:c1',
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" was denied and has no result; inserted "m1:repair:c1" with an execution-denied output.',
          },
        ],
      });
    });

    it('only reports them when repair is off', () => {
      const events = recorded(call('m1', 1, 'c1'), text('m2', 2));
      expect(normalizeSessionEvents(events, { repairDanglingToolCalls: false })).toEqual({
        messages: [call('m1', 1, 'c1'), text('m2', 2)],
        repairs: [
          {
            type: 'dangling-tool-call',
            messageId: 'm1',
            toolCallId: 'c1',
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" has no result; left as it is (repair of dangling tool calls is off).',
          },
        ],
      });
    });

    it('writes `now`, when given, as the time of the repair', () => {
      const m1 = call('m1', 1, 'c1');
      const { messages } = normalizeSessionEvents(recorded(m1), { now: '2026-04-09T00:00:00Z' });
      expect(messages[1]?.metadata).toEqual({
        synthetic: true,
        source: 'runtime',
        extra: { repairedAt: '2026-04-09T00:00:00Z' },
      });
    });

    it('mints an id no recorded message has', () => {
      const m1 = call('m1', 1, 'c1');
      const clash = text('m1:repair:c1', 2);
      const { messages } = normalizeSessionEvents(recorded(m1, clash));
      expect(messages.map((message) => message.id)).toEqual([
        'm1',
        'm1:repair:c1#2',
        'm1:repair:c1',
      ]);
    });
  });

  describe('orphan tool results', () => {
    it('keeps a result with no call before it, hidden from the model', () => {
      const events = recorded(result('m1', 1, 'c1'), call('m2', 2, 'c1'), result('m3', 3, 'c1'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [hidden(result('m1', 1, 'c1')), call('m2', 2, 'c1'), result('m3', 3, 'c1')],
        repairs: [
          {
            type: 'orphan-tool-result',
            messageId: 'm1',
            toolCallId: 'c1',
            eventIndex: 0,
            detail:
              'Result of tool call "c1" in "m1" has no eligible call before it; the message was hidden from the model.',
          },
        ],
      });
    });

    it('treats a call already hidden from the model as absent', () => {
      const events = recorded(hidden(call('m1', 1, 'c1')), result('m2', 2, 'c1'));
      const { messages, repairs } = normalizeSessionEvents(events);
      expect(messages).toEqual([hidden(call('m1', 1, 'c1')), hidden(result('m2', 2, 'c1'))]);
      expect(repairs.map((repair) => repair.type)).toEqual(['orphan-tool-result']);
    });

    it('hides a second result for an answered call', () => {
      const events = recorded(call('m1', 1, 'c1'), result('m2', 2, 'c1'), result('m3', 3, 'c1'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [call('m1', 1, 'c1'), result('m2', 2, 'c1'), hidden(result('m3', 3, 'c1'))],
        repairs: [
          {
            type: 'duplicate-tool-result',
            messageId: 'm3',
            toolCallId: 'c1',
            eventIndex: 2,
            detail:
              'Result of tool call "c1" in "m3" comes after that call already has a result; the message was hidden from the model.',
          },
        ],
      });
    });

    it('copies the good parts of a message that mixes them with an orphan', () => {
      const events = recorded(call('m1', 1, 'c1'), result('m2', 2, 'c1', 'c9'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          call('m1', 1, 'c1'),
          hidden(result('m2', 2, 'c1', 'c9')),
          {
            ...result('m2:repair:eligible-parts', 2, 'c1'),
            metadata: { synthetic: true, visibleInTranscript: false },
          },
        ],
        repairs: [
          {
            type: 'orphan-tool-result',
            messageId: 'm2',
            toolCallId: 'c9',
            eventIndex: 1,
            detail:
              'Result of tool call "c9" in "m2" has no eligible call before it; the message was hidden from the model.',
          },
          {
            type: 'eligible-parts-copied',
            messageId: 'm2',
            syntheticMessageId: 'm2:repair:eligible-parts',
            eventIndex: 1,
            detail:
              'Message "m2" mixes parts the model may see with parts it must not; it was hidden from the model and "m2:repair:eligible-parts" holds the 1 good part(s) for it.',
          },
        ],
      });
    });
  });

  describe('duplicated message ids', () => {
    it('drops a later identical copy (a retried append)', () => {
      const events = recorded(text('m1', 1), text('m1', 1), text('m2', 2));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [text('m1', 1), text('m2', 2)],
        repairs: [
          {
            type: 'duplicate-message-id',
            messageId: 'm1',
            eventIndex: 1,
            detail:
              'Message "m1" was recorded again with identical content (a retried append); the later copy was dropped.',
          },
        ],
      });
    });

    it('keeps a different message under <id>#2, skipping ids the log already uses', () => {
      const events = recorded(
        text('m1', 1),
        text('m1#2', 2),
        text('m1', 3, 'Other'),
        text('m1', 4, 'Third'),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          text('m1', 1),
          text('m1#2', 2),
          text('m1#3', 3, 'Other'),
          text('m1#4', 4, 'Third'),
        ],
        repairs: [
          {
            type: 'duplicate-message-id',
            messageId: 'm1',
            renamedTo: 'm1#3',
            eventIndex: 2,
            detail:
              'Message id "m1" was recorded again with different content; the later message was kept as "m1#3".',
          },
          {
            type: 'duplicate-message-id',
            messageId: 'm1',
            renamedTo: 'm1#4',
            eventIndex: 3,
            detail:
              'Message id "m1" was recorded again with different content; the later message was kept as "m1#4".',
          },
        ],
      });
    });

    it('hides a renamed tool call that reuses the call ids of the first', () => {
      const events = recorded(call('m1', 1, 'c1'), call('m1', 2, 'c1'), result('m2', 3, 'c1'));
      const { messages, repairs } = normalizeSessionEvents(events);
      expect(messages).toEqual([
        call('m1', 1, 'c1'),
        hidden(call('m1#2', 2, 'c1')),
        result('m2', 3, 'c1'),
      ]);
      expect(repairs.map((repair) => repair.type)).toEqual([
        'duplicate-message-id',
        'duplicate-tool-call-id',
      ]);
    });
  });

  describe('approval responses', () => {
    it('hides a response that answers no request', () => {
      const events = recorded(response('m1', 1, 'a1', true));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [hidden(response('m1', 1, 'a1', true))],
        repairs: [
          {
            type: 'orphan-approval-response',
            messageId: 'm1',
            approvalId: 'a1',
            eventIndex: 0,
            detail:
              'Approval response "a1" in "m1" answers no approval request before it; the message was hidden from the model.',
          },
        ],
      });
    });

    it('leaves an approved call with its result alone', () => {
      const events = recorded(
        call('m1', 1, 'c1'),
        request('m2', 2, 'a1', 'c1'),
        response('m3', 3, 'a1', true),
        result('m4', 4, 'c1'),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: events.map((event) => event.data),
        repairs: [],
      });
    });
  });

  describe('other events', () => {
    it('skips lifecycle events and reports events of unknown types', () => {
      // What a newer writer might have appended: not a SessionEvent of this version.
      const future = JSON.parse('{"type":"MessagePinned","data":{"id":"m1"}}') as SessionEvent;
      const events: SessionEvent[] = [
        { type: 'SessionStarted', data: { sessionId: 's1', startedAt: at(0) } },
        ...recorded(text('m1', 1)),
        future,
        { type: 'SessionEnded', data: { sessionId: 's1', endedAt: at(2) } },
      ];
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [text('m1', 1)],
        repairs: [
          {
            type: 'unknown-event-type',
            eventType: 'MessagePinned',
            eventIndex: 2,
            detail: 'Event type "MessagePinned" is unknown to this version; the event was skipped.',
          },
        ],
      });
    });

    it('fills toolName only from an earlier call, and not on orphans', () => {
      const bare = (message: ToolResultMessage): ToolResultMessage => ({
        ...message,
        content: message.content.map(({ toolName: _toolName, ...part }) => part),
      });
      const events = recorded(
        bare(result('m1', 1, 'c1')),
        call('m2', 2, 'c2'),
        bare(result('m3', 3, 'c2')),
      );
      expect(normalizeSessionEvents(events).messages).toEqual([
        hidden(bare(result('m1', 1, 'c1'))),
        call('m2', 2, 'c2'),
        result('m3', 3, 'c2'),
      ]);
    });
  });
});
