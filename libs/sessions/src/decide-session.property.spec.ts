import type { SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import fc from 'fast-check';
import { decideSession } from './decide-session';
import { evolveSession } from './evolve-session';
import { initialSessionState } from './initial-session-state';
import type { SessionCommand } from './session-command';

const now = '2026-04-08T10:00:00.000Z';

/** One agent turn: a user input, some tool calls each with a result of the given length, a reply. */
function turn(index: number, resultLengths: number[]): RuntimeMessage[] {
  const base = { sessionId: 's1', createdAt: now };
  const messages: RuntimeMessage[] = [
    { ...base, id: `u${index}`, kind: 'user_input', role: 'user', content: `question ${index}` },
  ];
  resultLengths.forEach((length, call) => {
    const toolCallId = `call_${index}_${call}`;
    messages.push(
      {
        ...base,
        id: `c${index}_${call}`,
        kind: 'tool_call',
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input: { call } }],
      },
      {
        ...base,
        id: `r${index}_${call}`,
        kind: 'tool_result',
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId, output: { type: 'text', value: 'x'.repeat(length) } },
        ],
      },
    );
  });
  messages.push({
    ...base,
    id: `a${index}`,
    kind: 'assistant_text',
    role: 'assistant',
    content: `answer ${index}`,
  });
  return messages;
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('turn' as const),
    results: fc.array(fc.nat(400), { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('prune' as const),
    keepLastUserTurns: fc.nat(4),
    minChars: fc.nat(400),
  }),
);

describe('decideSession, for every history of turns, retries and prunings', () => {
  it('accepted commands never record a message id twice, and re-sending any of them records nothing', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const state = initialSessionState();
        const stream: SessionEvent[] = [];
        const accepted: SessionCommand[] = [];
        const decideAndApply = (command: SessionCommand): SessionEvent[] => {
          const events = decideSession(command, state, { now });
          events.forEach((event) => evolveSession(state, event));
          stream.push(...events);
          return events;
        };

        steps.forEach((next, index) => {
          if (next.kind === 'turn') {
            const command: SessionCommand = {
              type: 'AppendMessages',
              sessionId: 's1',
              messages: turn(index, next.results),
            };
            expect(decideAndApply(command).length).toBeGreaterThan(0);
            accepted.push(command);
          } else if (next.kind === 'retry' && accepted.length > 0) {
            expect(decideAndApply(accepted[next.pick % accepted.length]!)).toEqual([]);
          } else if (next.kind === 'prune' && accepted.length > 0) {
            const command: SessionCommand = {
              type: 'PruneToolResults',
              sessionId: 's1',
              policy: { keepLastUserTurns: next.keepLastUserTurns, minChars: next.minChars },
            };
            decideAndApply(command);
            expect(decideAndApply(command)).toEqual([]);
          }
        });

        const recordedIds = stream.flatMap((event) => ('id' in event.data ? [event.data.id] : []));
        expect(new Set(recordedIds).size).toEqual(recordedIds.length);
        const prunedIds = stream.flatMap((event) =>
          event.type === 'ToolResultsPruned' ? event.data.messageIds : [],
        );
        expect(new Set(prunedIds).size).toEqual(prunedIds.length);
        expect(stream.filter((event) => event.type === 'SessionStarted').length).toEqual(
          accepted.length > 0 ? 1 : 0,
        );
      }),
    );
  });
});

/**
 * The runtime messages of step `stepNumber` of generation `g`: `calls` tool calls and their
 * results (two response messages), or a closing answer when `calls` is 0 (one).
 */
function stepMessages(stepNumber: number, calls: number): RuntimeMessage[][] {
  const base = { sessionId: 's1', createdAt: now };
  if (calls === 0) {
    return [[{ ...base, id: '', kind: 'assistant_text', role: 'assistant', content: 'done' }]];
  }
  const ids = Array.from({ length: calls }, (_, call) => `call_${stepNumber}_${call}`);
  return [
    [
      {
        ...base,
        id: '',
        kind: 'tool_call',
        role: 'assistant',
        content: ids.map((toolCallId) => ({
          type: 'tool-call' as const,
          toolCallId,
          toolName: 'Read',
          input: {},
        })),
      },
    ],
    [
      {
        ...base,
        id: '',
        kind: 'tool_result',
        role: 'tool',
        content: ids.map((toolCallId) => ({
          type: 'tool-result' as const,
          toolCallId,
          output: { type: 'text' as const, value: toolCallId },
        })),
      },
    ],
  ];
}

describe('decideSession, for every generation recorded step by step from onStepFinish', () => {
  it('records each response message once, in order, and one model call per step, however often steps are re-sent', () => {
    const generation = fc.record({
      toolSteps: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 5 }),
      resends: fc.array(fc.nat(), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(generation, ({ toolSteps, resends }) => {
        // The AI SDK's response.messages after each step: every message of the generation so far.
        const accumulated: RuntimeMessage[][][] = [];
        [...toolSteps, 0].forEach((calls, stepNumber) => {
          const previous = accumulated.at(-1) ?? [];
          const added = stepMessages(stepNumber, calls).map((messages, offset) =>
            messages.map((message) => ({ ...message, id: `g1:${previous.length + offset}` })),
          );
          accumulated.push([...previous, ...added]);
        });
        const commandOf = (stepNumber: number): SessionCommand => ({
          type: 'RecordModelCall',
          sessionId: 's1',
          responseMessages: accumulated[stepNumber]!,
          call: { callId: `g1:step-${stepNumber}`, generationId: 'g1', stepNumber },
        });

        const state = initialSessionState();
        const stream: SessionEvent[] = [];
        const decideAndApply = (command: SessionCommand): SessionEvent[] => {
          const events = decideSession(command, state, { now });
          events.forEach((event) => evolveSession(state, event));
          stream.push(...events);
          return events;
        };
        accumulated.forEach((_, stepNumber) => {
          expect(decideAndApply(commandOf(stepNumber)).at(-1)?.type).toEqual('ModelCallRecorded');
          const resend = resends[stepNumber];
          if (resend !== undefined)
            expect(decideAndApply(commandOf(resend % (stepNumber + 1)))).toEqual([]);
        });
        resends.forEach((pick) => {
          expect(decideAndApply(commandOf(pick % accumulated.length))).toEqual([]);
        });

        const everyMessage = accumulated.at(-1)!.flat();
        const recorded = stream.flatMap((event) => ('kind' in event.data ? [event.data] : []));
        expect(recorded).toEqual(everyMessage);
        const calls = stream.flatMap((event) =>
          event.type === 'ModelCallRecorded' ? [event.data] : [],
        );
        expect(calls.map((call) => call.stepNumber)).toEqual(accumulated.map((_, index) => index));
        expect(calls.flatMap((call) => call.messageIds)).toEqual(
          everyMessage.map((message) => message.id),
        );
      }),
    );
  });
});
