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

const noResult = (callMessage: ToolCallMessage, toolCallId: string): ToolResultMessage => ({
  id: `${callMessage.id}:repair:${toolCallId}`,
  sessionId: 's1',
  kind: 'tool_result',
  role: 'tool',
  createdAt: callMessage.createdAt,
  metadata: { synthetic: true, visibleInTranscript: false, source: 'runtime' },
  content: [
    {
      type: 'tool-result',
      toolCallId,
      toolName: 'Read',
      output: { type: 'error-text', value: 'No result was recorded for this tool call.' },
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
    it('inserts a result saying none was recorded, after the results that follow the call', () => {
      const m1 = call('m1', 1, 'c1', 'c2', 'c3');
      const events = recorded(m1, result('m2', 2, 'c1'), result('m3', 3, 'c3'), text('m4', 4));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          m1,
          result('m2', 2, 'c1'),
          result('m3', 3, 'c3'),
          noResult(m1, 'c2'),
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
              'Tool call "c2" (Read) in "m1" has no result anywhere in the log; inserted "m1:repair:c2" saying that no result was recorded.',
          },
        ],
      });
    });

    it('inserts right after the call when nothing answers it, keeping runId', () => {
      const m1 = { ...call('m1', 1, 'c1'), runId: 'run_1' };
      const normalized = normalizeSessionEvents(recorded(m1, text('m2', 2)));
      expect(normalized.messages).toEqual([
        m1,
        { ...noResult(m1, 'c1'), runId: 'run_1' },
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
            ...noResult(m1, 'c1'),
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
        visibleInTranscript: false,
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
    it('keeps a result with no call anywhere, hidden from the model', () => {
      const events = recorded(result('m1', 1, 'c1'), call('m2', 2, 'c2'), result('m3', 3, 'c2'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [hidden(result('m1', 1, 'c1')), call('m2', 2, 'c2'), result('m3', 3, 'c2')],
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

    it('keeps a later message whose id an earlier reuse was given under a fresh id (ids taken so far, never ids of later events)', () => {
      const events = recorded(
        text('m1', 1),
        text('m1', 2, 'Other'),
        text('m1#2', 3, 'Recorded as m1#2'),
        text('m1#2', 3, 'Recorded as m1#2'),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [text('m1', 1), text('m1#2', 2, 'Other'), text('m1#2#2', 3, 'Recorded as m1#2')],
        repairs: [
          {
            type: 'duplicate-message-id',
            messageId: 'm1',
            renamedTo: 'm1#2',
            eventIndex: 1,
            detail:
              'Message id "m1" was recorded again with different content; the later message was kept as "m1#2".',
          },
          {
            type: 'duplicate-message-id',
            messageId: 'm1#2',
            renamedTo: 'm1#2#2',
            eventIndex: 2,
            detail:
              'Message id "m1#2" was already given to an earlier message by normalization; the later message was kept as "m1#2#2".',
          },
          {
            type: 'duplicate-message-id',
            messageId: 'm1#2',
            eventIndex: 3,
            detail:
              'Message "m1#2" was recorded again with identical content (a retried append); the later copy was dropped.',
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

  describe('repairs never lie', () => {
    const boundary = (id: string, second: number): RuntimeMessage => ({
      id,
      sessionId: 's1',
      kind: 'compact_boundary',
      role: 'system',
      createdAt: at(second),
      content: { type: 'compact-boundary', trigger: 'manual' },
    });
    const summary = (id: string, second: number, boundaryId: string): RuntimeMessage => ({
      id,
      sessionId: 's1',
      kind: 'compact_summary',
      role: 'user',
      createdAt: at(second),
      metadata: { summaryForBoundaryId: boundaryId },
      content: 'Read the auth module.',
    });
    const copyOf = (message: ToolResultMessage, id: string): ToolResultMessage => ({
      ...message,
      id,
      metadata: { synthetic: true, visibleInTranscript: false },
    });

    it('hides a call whose only result was recorded hidden from the model, instead of inventing one', () => {
      const m1 = call('m1', 1, 'c1');
      const events = recorded(m1, hidden(result('m2', 2, 'c1')), text('m3', 3));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [hidden(m1), hidden(result('m2', 2, 'c1')), text('m3', 3)],
        repairs: [
          {
            type: 'tool-call-result-hidden',
            messageId: 'm1',
            toolCallId: 'c1',
            resultMessageId: 'm2',
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" has its only result in "m2", recorded hidden from the model; the call was hidden from the model too, so that neither reaches it.',
          },
        ],
      });
    });

    it('keeps the other calls of that message in an eligible copy, right after it', () => {
      const m1 = call('m1', 1, 'c1', 'c2');
      const events = recorded(m1, hidden(result('m2', 2, 'c1')), result('m3', 3, 'c2'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          hidden(m1),
          {
            ...call('m1:repair:eligible-parts', 1, 'c2'),
            metadata: { synthetic: true, visibleInTranscript: false },
          },
          hidden(result('m2', 2, 'c1')),
          result('m3', 3, 'c2'),
        ],
        repairs: [
          {
            type: 'tool-call-result-hidden',
            messageId: 'm1',
            toolCallId: 'c1',
            resultMessageId: 'm2',
            syntheticMessageId: 'm1:repair:eligible-parts',
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" has its only result in "m2", recorded hidden from the model; the call was hidden from the model too, so that neither reaches it ("m1:repair:eligible-parts" holds the message\'s 1 other call(s) for the model).',
          },
        ],
      });
    });

    it('only reports a call with a hidden result when repair is off', () => {
      const events = recorded(call('m1', 1, 'c1'), hidden(result('m2', 2, 'c1')));
      expect(normalizeSessionEvents(events, { repairDanglingToolCalls: false })).toEqual({
        messages: [call('m1', 1, 'c1'), hidden(result('m2', 2, 'c1'))],
        repairs: [
          {
            type: 'tool-call-result-hidden',
            messageId: 'm1',
            toolCallId: 'c1',
            resultMessageId: 'm2',
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" has no result the model may see: its result in "m2" was recorded hidden from the model; left as it is (repair of dangling tool calls is off).',
          },
        ],
      });
    });

    it('hides the result of a call recorded hidden from the model, saying why', () => {
      const events = recorded(hidden(call('m1', 1, 'c1')), result('m2', 2, 'c1'));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [hidden(call('m1', 1, 'c1')), hidden(result('m2', 2, 'c1'))],
        repairs: [
          {
            type: 'orphan-tool-result',
            messageId: 'm2',
            toolCallId: 'c1',
            eventIndex: 1,
            detail:
              'Result of tool call "c1" in "m2" answers a call recorded hidden from the model (in "m1"); the message was hidden from the model too.',
          },
        ],
      });
    });

    it('pairs a result recorded before its call with it: a copy follows the call, the transcript keeps the original', () => {
      const events = recorded(result('m1', 1, 'c1'), call('m2', 2, 'c1'), text('m3', 3));
      expect(normalizeSessionEvents(events)).toEqual({
        messages: [
          hidden(result('m1', 1, 'c1')),
          call('m2', 2, 'c1'),
          copyOf(result('m1', 1, 'c1'), 'm1:repair:moved'),
          text('m3', 3),
        ],
        repairs: [
          {
            type: 'orphan-tool-result',
            messageId: 'm1',
            toolCallId: 'c1',
            eventIndex: 0,
            detail:
              'Result of tool call "c1" in "m1" has no eligible call before it; the message was hidden from the model.',
          },
          {
            type: 'tool-result-moved',
            messageId: 'm1',
            toolCallId: 'c1',
            callMessageId: 'm2',
            syntheticMessageId: 'm1:repair:moved',
            eventIndex: 1,
            detail:
              'Result of tool call "c1" was recorded in "m1" before its call in "m2"; "m1:repair:moved", a copy of it, was placed right after the call for the model ("m1" stays where it was recorded, hidden from the model).',
          },
        ],
      });
    });

    it('moves a result recorded before its call across a compact boundary, and its pruning and name go with it', () => {
      const bare: ToolResultMessage = {
        ...result('m1', 1, 'c1'),
        content: [{ type: 'tool-result', toolCallId: 'c1', output: { type: 'text', value: 'x' } }],
      };
      const events = [
        ...recorded(bare, boundary('b1', 2), summary('s1', 3, 'b1'), call('m2', 4, 'c1')),
        pruned('2026-04-08T10:00:00Z', 'm1'),
      ];
      const { messages, repairs } = normalizeSessionEvents(events);
      expect(messages).toEqual([
        {
          ...bare,
          metadata: { compactedAt: '2026-04-08T10:00:00Z', eligibleForModelContext: false },
        },
        boundary('b1', 2),
        summary('s1', 3, 'b1'),
        call('m2', 4, 'c1'),
        {
          ...bare,
          id: 'm1:repair:moved',
          metadata: {
            compactedAt: '2026-04-08T10:00:00Z',
            synthetic: true,
            visibleInTranscript: false,
          },
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'Read',
              output: { type: 'text', value: 'x' },
            },
          ],
        },
      ]);
      expect(repairs.map((repair) => repair.type)).toEqual([
        'orphan-tool-result',
        'tool-result-moved',
      ]);
    });

    it('pairs a call before a compact boundary with its result after it, inventing nothing', () => {
      const events = recorded(
        call('m1', 1, 'c1'),
        boundary('b1', 2),
        summary('s1', 3, 'b1'),
        result('m2', 4, 'c1'),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: events.map((event) => event.data),
        repairs: [],
      });
    });

    it('adds nothing to a call whose approval was granted and has not run yet: it is pending', () => {
      const events = recorded(
        call('m1', 1, 'c1'),
        request('m2', 2, 'a1', 'c1'),
        response('m3', 3, 'a1', true),
      );
      expect(normalizeSessionEvents(events)).toEqual({
        messages: events.map((event) => event.data),
        repairs: [
          {
            type: 'pending-tool-approval',
            messageId: 'm1',
            toolCallId: 'c1',
            approved: true,
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" was approved and has not run yet; it is pending, so no result was added (the runtime runs it, as generateText runs an approved call that has no result).',
          },
        ],
      });
    });

    it('adds nothing to a call whose approval request is unanswered, repair on or off', () => {
      const events = recorded(call('m1', 1, 'c1'), request('m2', 2, 'a1', 'c1'));
      const pending = {
        messages: events.map((event) => event.data),
        repairs: [
          {
            type: 'pending-tool-approval',
            messageId: 'm1',
            toolCallId: 'c1',
            approved: false,
            eventIndex: 0,
            detail:
              'Tool call "c1" (Read) in "m1" awaits the answer to its approval request; it is pending, so no result was added.',
          },
        ],
      };
      expect(normalizeSessionEvents(events)).toEqual(pending);
      expect(normalizeSessionEvents(events, { repairDanglingToolCalls: false })).toEqual(pending);
    });

    it('keeps a refusal final: a later approval of the same call does not make it pending', () => {
      const m1 = call('m1', 1, 'c1');
      const events = recorded(
        m1,
        request('m2', 2, 'a1', 'c1'),
        response('m3', 3, 'a1', false, 'No'),
        request('m4', 4, 'a2', 'c1'),
        response('m5', 5, 'a2', true),
      );
      const { messages, repairs } = normalizeSessionEvents(events);
      expect(messages.at(-1)).toEqual({
        ...noResult(m1, 'c1'),
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'Read',
            output: { type: 'execution-denied', reason: 'No' },
          },
        ],
      });
      expect(repairs.map((repair) => repair.type)).toEqual(['dangling-tool-call']);
    });

    it('never shows a synthetic result in the transcript: it is hidden from it', () => {
      const { messages } = normalizeSessionEvents(recorded(call('m1', 1, 'c1')));
      expect(messages.map((message) => message.metadata?.visibleInTranscript)).toEqual([
        undefined,
        false,
      ]);
    });
  });
});
