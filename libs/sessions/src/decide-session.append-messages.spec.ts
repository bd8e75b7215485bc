import type { SessionEvent } from '@agent-ledger/events';
import type {
  CompactBoundaryMessage,
  CompactSummaryMessage,
  ToolApprovalRequestMessage,
  ToolApprovalResponseMessage,
} from '@agent-ledger/messages';
import {
  decideGiven,
  m1,
  m2,
  m3,
  m4,
  m5,
  ruleBrokenGiven,
  seedExampleEvents,
  started,
} from './testing/decider-fixtures';

const approvalRequest: ToolApprovalRequestMessage = {
  id: 'm6',
  sessionId: 's1',
  kind: 'tool_approval_request',
  role: 'assistant',
  createdAt: '2026-04-08T09:00:05.000Z',
  content: [{ type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' }],
};

const approvalResponse: ToolApprovalResponseMessage = {
  id: 'm7',
  sessionId: 's1',
  kind: 'tool_approval_response',
  role: 'tool',
  createdAt: '2026-04-08T09:00:06.000Z',
  content: [{ type: 'tool-approval-response', approvalId: 'approval_1', approved: true }],
};

const boundary: CompactBoundaryMessage = {
  id: 'b1',
  sessionId: 's1',
  kind: 'compact_boundary',
  role: 'system',
  createdAt: '2026-04-08T09:10:00.000Z',
  content: { type: 'compact-boundary', trigger: 'auto', tokensBefore: 120000 },
};

const summary: CompactSummaryMessage = {
  id: 'sum1',
  sessionId: 's1',
  kind: 'compact_summary',
  role: 'user',
  createdAt: '2026-04-08T09:10:00.000Z',
  content: 'The user asked to fix the login in src/auth.ts; the file was read.',
  metadata: { summaryForBoundaryId: 'b1' },
};

describe('AppendMessages', () => {
  describe('starting a session', () => {
    it('given no events, when messages are appended, then the session starts and each message is recorded', () => {
      expect(
        decideGiven([], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m1, { ...m2, metadata: { agentName: 'build' } }],
        }),
      ).toEqual([
        {
          type: 'SessionStarted',
          data: { sessionId: 's1', startedAt: '2026-04-08T10:00:00.000Z', agentName: 'build' },
        },
        { type: 'SystemNoteRecorded', data: m1 },
        { type: 'UserInputRecorded', data: { ...m2, metadata: { agentName: 'build' } } },
      ]);
    });

    it('given a started session, when messages are appended, then only the messages are recorded', () => {
      expect(
        decideGiven([started, { type: 'SystemNoteRecorded', data: m1 }], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m2, m3],
        }),
      ).toEqual([
        { type: 'UserInputRecorded', data: m2 },
        { type: 'ToolCallRecorded', data: m3 },
      ]);
    });

    it('given no events, when an empty batch is appended, then nothing happens (no session starts)', () => {
      expect(decideGiven([], { type: 'AppendMessages', sessionId: 's1', messages: [] })).toEqual(
        [],
      );
    });
  });

  describe('a session holds one data subject', () => {
    const startedFor = (subjectId: string): SessionEvent => ({
      type: 'SessionStarted',
      data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00.000Z', subjectId },
    });

    it('given no events, when the first append names a subject, then SessionStarted records it', () => {
      expect(
        decideGiven([], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m1],
          subjectId: 'u1',
        }),
      ).toEqual([
        {
          type: 'SessionStarted',
          data: { sessionId: 's1', startedAt: '2026-04-08T10:00:00.000Z', subjectId: 'u1' },
        },
        { type: 'SystemNoteRecorded', data: m1 },
      ]);
    });

    it('given a session of subject u1, when an append names u1 again or no subject, then the messages are recorded', () => {
      const given = [startedFor('u1'), { type: 'SystemNoteRecorded', data: m1 } as SessionEvent];
      expect(
        decideGiven(given, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m2],
          subjectId: 'u1',
        }),
      ).toEqual([{ type: 'UserInputRecorded', data: m2 }]);
      expect(
        decideGiven(given, { type: 'AppendMessages', sessionId: 's1', messages: [m2] }),
      ).toEqual([{ type: 'UserInputRecorded', data: m2 }]);
    });

    it('given a session of subject u1, when an append names u2, then SubjectMismatch names both', () => {
      expect(
        ruleBrokenGiven([startedFor('u1')], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m1],
          subjectId: 'u2',
        }),
      ).toEqual({
        code: 'SubjectMismatch',
        message:
          'Session "s1" holds the content of data subject "u1", but the request names subject "u2". A session\'s subject is set by its first append and never changes: send the same subjectId, or none.',
        field: 'subjectId',
      });
    });

    it('given a session started without a subject, when an append names one, then it is refused (a subject is set by the first append only)', () => {
      expect(
        ruleBrokenGiven([started], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m1],
          subjectId: 'u2',
        }).code,
      ).toBe('SubjectMismatch');
    });
  });

  describe('message ids are unique in a session', () => {
    it('given the seed example, when m4 and m5 are re-sent unchanged but stamped again, then nothing is recorded (a retry)', () => {
      expect(
        decideGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [
            { ...m4, createdAt: '2026-04-08T11:00:00.000Z' },
            { ...m5, createdAt: '2026-04-08T11:00:00.000Z' },
          ],
        }),
      ).toEqual([]);
    });

    it('given m4 recorded, when a batch re-sends m4 and adds m5, then only m5 is recorded', () => {
      expect(
        decideGiven(seedExampleEvents.slice(0, 5), {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m4, m5],
        }),
      ).toEqual([{ type: 'AssistantTextRecorded', data: m5 }]);
    });

    it('given a message sent twice in one batch unchanged, then it is recorded once', () => {
      expect(
        decideGiven([started], { type: 'AppendMessages', sessionId: 's1', messages: [m1, m1] }),
      ).toEqual([{ type: 'SystemNoteRecorded', data: m1 }]);
    });

    it('given m5 recorded, when another message reuses id m5, then DuplicateMessageId names it', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...m5, content: 'Something else.' }],
        }),
      ).toEqual({
        code: 'DuplicateMessageId',
        message:
          'Message "m5" (assistant_text): id "m5" is already recorded in session "s1" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.',
        messageId: 'm5',
        field: 'id',
      });
    });

    it('given one batch reusing an id with another content, then DuplicateMessageId', () => {
      expect(
        ruleBrokenGiven([], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m1, { ...m1, content: 'Workspace root is /elsewhere' }],
        }),
      ).toEqual({
        code: 'DuplicateMessageId',
        message:
          'Message "m1" (system_note): id "m1" is already recorded in session "s1" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.',
        messageId: 'm1',
        field: 'id',
      });
    });
  });

  describe("a message's sessionId is the stream's", () => {
    it('given any session, when a message names another session, then SessionIdMismatch', () => {
      expect(
        ruleBrokenGiven([started], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...m1, sessionId: 's2' }],
        }),
      ).toEqual({
        code: 'SessionIdMismatch',
        message:
          'Message "m1" (system_note): sessionId is "s2", but it is sent to session "s1". A message must carry the id of the session it is appended to.',
        messageId: 'm1',
        field: 'sessionId',
      });
    });
  });

  describe('a tool_result answers a known tool_call with no result yet', () => {
    it('given a tool call, when its result is appended, then it is recorded', () => {
      expect(
        decideGiven(seedExampleEvents.slice(0, 4), {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [m4],
        }),
      ).toEqual([{ type: 'ToolResultRecorded', data: m4 }]);
    });

    it('given nothing, when a call and its result come in one batch, then both are recorded', () => {
      expect(
        decideGiven([started], { type: 'AppendMessages', sessionId: 's1', messages: [m3, m4] }),
      ).toEqual([
        { type: 'ToolCallRecorded', data: m3 },
        { type: 'ToolResultRecorded', data: m4 },
      ]);
    });

    it('given no tool call, when a result comes first in its batch, then UnknownToolCall and nothing is recorded', () => {
      expect(
        ruleBrokenGiven([started], { type: 'AppendMessages', sessionId: 's1', messages: [m4, m3] }),
      ).toEqual({
        code: 'UnknownToolCall',
        message:
          'Message "m4" (tool_result): content[0].toolCallId "call_1" answers no tool call of this session. Record the tool_call message first (earlier, or before this result in the same batch).',
        messageId: 'm4',
        field: 'content[0].toolCallId',
      });
    });

    it('given a result for call_1, when another result answers call_1, then ToolCallAlreadyAnswered', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...m4, id: 'm4-again' }],
        }),
      ).toEqual({
        code: 'ToolCallAlreadyAnswered',
        message:
          'Message "m4-again" (tool_result): content[0].toolCallId "call_1" already has a result. A tool call is answered once.',
        messageId: 'm4-again',
        field: 'content[0].toolCallId',
      });
    });

    it('given call_1, when another tool call reuses call_1, then DuplicateToolCallId', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...m3, id: 'm6' }],
        }),
      ).toEqual({
        code: 'DuplicateToolCallId',
        message:
          'Message "m6" (tool_call): content[0].toolCallId "call_1" is already used by another tool call of this session. Tool call ids are unique in a session.',
        messageId: 'm6',
        field: 'content[0].toolCallId',
      });
    });
  });

  describe('a tool_approval_response answers a known request', () => {
    it('given a tool call, when its approval is requested and granted, then both are recorded', () => {
      expect(
        decideGiven(seedExampleEvents.slice(0, 4), {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [approvalRequest, approvalResponse],
        }),
      ).toEqual([
        { type: 'ToolApprovalRequested', data: approvalRequest },
        { type: 'ToolApprovalResponded', data: approvalResponse },
      ]);
    });

    it('given no request, when a response comes, then UnknownApprovalRequest', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [approvalResponse],
        }),
      ).toEqual({
        code: 'UnknownApprovalRequest',
        message:
          'Message "m7" (tool_approval_response): content[0].approvalId "approval_1" answers no approval request of this session. Record the tool_approval_request message first.',
        messageId: 'm7',
        field: 'content[0].approvalId',
      });
    });

    it('given an answered request, when it is answered again, then ApprovalAlreadyAnswered', () => {
      expect(
        ruleBrokenGiven(
          [
            ...seedExampleEvents,
            { type: 'ToolApprovalRequested', data: approvalRequest },
            { type: 'ToolApprovalResponded', data: approvalResponse },
          ],
          {
            type: 'AppendMessages',
            sessionId: 's1',
            messages: [{ ...approvalResponse, id: 'm8' }],
          },
        ),
      ).toEqual({
        code: 'ApprovalAlreadyAnswered',
        message:
          'Message "m8" (tool_approval_response): content[0].approvalId "approval_1" was already answered. An approval request is answered once.',
        messageId: 'm8',
        field: 'content[0].approvalId',
      });
    });

    it('given no such tool call, when its approval is requested, then UnknownToolCall', () => {
      expect(
        ruleBrokenGiven([started], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [approvalRequest],
        }),
      ).toEqual({
        code: 'UnknownToolCall',
        message:
          'Message "m6" (tool_approval_request): content[0].toolCallId "call_1" names no tool call of this session. Record the tool_call message before asking to approve it.',
        messageId: 'm6',
        field: 'content[0].toolCallId',
      });
    });

    it('given a request, when another request reuses its approvalId, then DuplicateApprovalId', () => {
      expect(
        ruleBrokenGiven(
          [...seedExampleEvents, { type: 'ToolApprovalRequested', data: approvalRequest }],
          {
            type: 'AppendMessages',
            sessionId: 's1',
            messages: [{ ...approvalRequest, id: 'm9' }],
          },
        ),
      ).toEqual({
        code: 'DuplicateApprovalId',
        message:
          'Message "m9" (tool_approval_request): content[0].approvalId "approval_1" is already used by another approval request of this session. Approval ids are unique in a session.',
        messageId: 'm9',
        field: 'content[0].approvalId',
      });
    });
  });

  describe('a compact_summary names an existing boundary', () => {
    it('given a session, when a boundary and its summary are appended, then both are recorded', () => {
      expect(
        decideGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [boundary, summary],
        }),
      ).toEqual([
        { type: 'CompactBoundaryRecorded', data: boundary },
        { type: 'CompactSummaryRecorded', data: summary },
      ]);
    });

    it('given no boundary b1, when a summary names b1, then UnknownCompactBoundary', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [summary],
        }),
      ).toEqual({
        code: 'UnknownCompactBoundary',
        message:
          'Message "sum1" (compact_summary): metadata.summaryForBoundaryId "b1" names no compact_boundary of this session. Record the boundary first (or use a compaction, which writes both).',
        messageId: 'sum1',
        field: 'metadata.summaryForBoundaryId',
      });
    });

    it('given a boundary, when a summary names none, then UnknownCompactBoundary', () => {
      const { metadata: _metadata, ...anonymous } = summary;
      expect(
        ruleBrokenGiven(
          [...seedExampleEvents, { type: 'CompactBoundaryRecorded', data: boundary }],
          {
            type: 'AppendMessages',
            sessionId: 's1',
            messages: [anonymous],
          },
        ),
      ).toEqual({
        code: 'UnknownCompactBoundary',
        message:
          'Message "sum1" (compact_summary): metadata.summaryForBoundaryId is missing. A compact summary names the compact_boundary it summarizes.',
        messageId: 'sum1',
        field: 'metadata.summaryForBoundaryId',
      });
    });

    it('given a summarized boundary, when a second summary names it, then BoundaryAlreadySummarized', () => {
      expect(
        ruleBrokenGiven(
          [
            ...seedExampleEvents,
            { type: 'CompactBoundaryRecorded', data: boundary },
            { type: 'CompactSummaryRecorded', data: summary },
          ],
          { type: 'AppendMessages', sessionId: 's1', messages: [{ ...summary, id: 'sum2' }] },
        ),
      ).toEqual({
        code: 'BoundaryAlreadySummarized',
        message:
          'Message "sum2" (compact_summary): metadata.summaryForBoundaryId "b1" already has a compact summary. A boundary has one summary; compact again to summarize anew.',
        messageId: 'sum2',
        field: 'metadata.summaryForBoundaryId',
      });
    });
  });

  describe('an ended session takes no more messages', () => {
    it('given an ended session, when messages are appended, then SessionAlreadyEnded', () => {
      const ended: SessionEvent = {
        type: 'SessionEnded',
        data: { sessionId: 's1', endedAt: '2026-04-08T09:30:00.000Z' },
      };
      expect(
        ruleBrokenGiven([...seedExampleEvents, ended], {
          type: 'AppendMessages',
          sessionId: 's1',
          messages: [{ ...m5, id: 'm6' }],
        }),
      ).toEqual({
        code: 'SessionAlreadyEnded',
        message: 'Session "s1" has ended; nothing more can be recorded in it. Start a new session.',
      });
    });
  });
});
