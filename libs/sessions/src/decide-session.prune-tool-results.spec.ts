import type { SessionEvent } from '@agent-ledger/events';
import type { ToolCallMessage, ToolResultMessage, UserInputMessage } from '@agent-ledger/messages';
import {
  decideGiven,
  m4,
  ruleBrokenGiven,
  seedExampleEvents,
  started,
} from './testing/decider-fixtures';

function userInput(id: string): UserInputMessage {
  return {
    id,
    sessionId: 's1',
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T09:00:00.000Z',
    content: `turn ${id}`,
  };
}

function toolCall(id: string, toolCallId: string): ToolCallMessage {
  return {
    id,
    sessionId: 's1',
    kind: 'tool_call',
    role: 'assistant',
    createdAt: '2026-04-08T09:00:00.000Z',
    content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input: {} }],
  };
}

function toolResult(id: string, toolCallId: string, value: string): ToolResultMessage {
  return {
    id,
    sessionId: 's1',
    kind: 'tool_result',
    role: 'tool',
    createdAt: '2026-04-08T09:00:00.000Z',
    content: [{ type: 'tool-result', toolCallId, output: { type: 'text', value } }],
  };
}

/** Turn 1: a short and a long result; turn 2: a long result; turn 3: a long result. */
const threeTurns: SessionEvent[] = [
  started,
  { type: 'UserInputRecorded', data: userInput('u1') },
  { type: 'ToolCallRecorded', data: toolCall('c1', 'call_1') },
  { type: 'ToolResultRecorded', data: toolResult('r1', 'call_1', 'short') },
  { type: 'ToolCallRecorded', data: toolCall('c2', 'call_2') },
  { type: 'ToolResultRecorded', data: toolResult('r2', 'call_2', 'x'.repeat(200)) },
  { type: 'UserInputRecorded', data: userInput('u2') },
  { type: 'ToolCallRecorded', data: toolCall('c3', 'call_3') },
  { type: 'ToolResultRecorded', data: toolResult('r3', 'call_3', 'y'.repeat(200)) },
  { type: 'UserInputRecorded', data: userInput('u3') },
  { type: 'ToolCallRecorded', data: toolCall('c4', 'call_4') },
  { type: 'ToolResultRecorded', data: toolResult('r4', 'call_4', 'z'.repeat(200)) },
];

describe('PruneToolResults', () => {
  describe('by ids', () => {
    it("given the seed example, when m4 is pruned, then a pruning mark names it at the decision's time", () => {
      expect(
        decideGiven(seedExampleEvents, {
          type: 'PruneToolResults',
          sessionId: 's1',
          messageIds: ['m4', 'm4'],
        }),
      ).toEqual([
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['m4'],
            compactedAt: '2026-04-08T10:00:00.000Z',
            reason: 'pruned by request',
          },
        },
      ]);
    });

    it('given m4 pruned, when it is pruned again, then nothing is recorded (a retry)', () => {
      expect(
        decideGiven(
          [
            ...seedExampleEvents,
            {
              type: 'ToolResultsPruned',
              data: {
                sessionId: 's1',
                messageIds: ['m4'],
                compactedAt: '2026-04-08T10:00:00.000Z',
                reason: 'manual',
              },
            },
          ],
          { type: 'PruneToolResults', sessionId: 's1', messageIds: ['m4'], reason: 'manual' },
        ),
      ).toEqual([]);
    });

    it('given m4 recorded already compacted (as in the seed), when it is pruned, then nothing is recorded', () => {
      const compacted: SessionEvent = {
        type: 'ToolResultRecorded',
        data: { ...m4, metadata: { compactedAt: '2026-04-08T10:00:00Z' } },
      };
      expect(
        decideGiven([...seedExampleEvents.slice(0, 4), compacted], {
          type: 'PruneToolResults',
          sessionId: 's1',
          messageIds: ['m4'],
        }),
      ).toEqual([]);
    });

    it('given the seed example, when an unknown id is named, then UnknownMessage names its place', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'PruneToolResults',
          sessionId: 's1',
          messageIds: ['m4', 'm9'],
        }),
      ).toEqual({
        code: 'UnknownMessage',
        message:
          'messageIds[1]: message "m9" is not in this session. A pruning names tool_result messages of the session.',
        messageId: 'm9',
        field: 'messageIds[1]',
      });
    });

    it('given the seed example, when a tool call is named, then NotAToolResult', () => {
      expect(
        ruleBrokenGiven(seedExampleEvents, {
          type: 'PruneToolResults',
          sessionId: 's1',
          messageIds: ['m3'],
        }),
      ).toEqual({
        code: 'NotAToolResult',
        message:
          'messageIds[0]: message "m3" is not a tool_result. Only tool results can be pruned.',
        messageId: 'm3',
        field: 'messageIds[0]',
      });
    });

    it('given no session, when anything is pruned, then SessionNotFound', () => {
      expect(
        ruleBrokenGiven([], { type: 'PruneToolResults', sessionId: 's1', messageIds: ['m4'] }),
      ).toEqual({
        code: 'SessionNotFound',
        message:
          'Session "s1" does not exist, so there is nothing to prune. A session starts with its first appended messages.',
      });
    });
  });

  describe('by policy', () => {
    it('given three turns, when keeping the last 2 turns and pruning over 100 chars, then only the long result of turn 1 is marked', () => {
      expect(
        decideGiven(threeTurns, {
          type: 'PruneToolResults',
          sessionId: 's1',
          policy: { keepLastUserTurns: 2, minChars: 100 },
        }),
      ).toEqual([
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['r2'],
            compactedAt: '2026-04-08T10:00:00.000Z',
            reason: 'tool results older than the last 2 user turns and longer than 100 characters',
          },
        },
      ]);
    });

    it('given three turns with r2 pruned, when keeping the last turn, then r3 is marked and r2 is not again', () => {
      expect(
        decideGiven(
          [
            ...threeTurns,
            {
              type: 'ToolResultsPruned',
              data: {
                sessionId: 's1',
                messageIds: ['r2'],
                compactedAt: '2026-04-08T09:50:00.000Z',
                reason: 'manual',
              },
            },
          ],
          {
            type: 'PruneToolResults',
            sessionId: 's1',
            policy: { keepLastUserTurns: 1, minChars: 100 },
            reason: 'context budget',
          },
        ),
      ).toEqual([
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['r3'],
            compactedAt: '2026-04-08T10:00:00.000Z',
            reason: 'context budget',
          },
        },
      ]);
    });

    it('given three turns, when keeping no turn and pruning over 3 chars, then every result is marked in recording order', () => {
      expect(
        decideGiven(threeTurns, {
          type: 'PruneToolResults',
          sessionId: 's1',
          policy: { keepLastUserTurns: 0, minChars: 3 },
          reason: 'all',
        }),
      ).toEqual([
        {
          type: 'ToolResultsPruned',
          data: {
            sessionId: 's1',
            messageIds: ['r1', 'r2', 'r3', 'r4'],
            compactedAt: '2026-04-08T10:00:00.000Z',
            reason: 'all',
          },
        },
      ]);
    });

    it('given three turns, when keeping more turns than there are, then nothing is selected and nothing recorded (not an error)', () => {
      expect(
        decideGiven(threeTurns, {
          type: 'PruneToolResults',
          sessionId: 's1',
          policy: { keepLastUserTurns: 5, minChars: 0 },
        }),
      ).toEqual([]);
    });
  });
});
