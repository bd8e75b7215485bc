import { CLEARED_TOOL_RESULT_TEXT } from './defaults';
import { fitModelViewToBudget } from './fit-model-view-to-budget';
import type { ModelMessage } from './types';

/** One token a character: the sizes in these tests are the texts' lengths. */
const countTokens = (message: ModelMessage): number => JSON.stringify(message.content).length;

function user(id: string, text: string): ModelMessage {
  return {
    view: 'model',
    role: 'user',
    semanticType: 'user_input',
    sourceMessageIds: [id],
    content: text,
  };
}

function read(id: string, output: string): ModelMessage[] {
  return [
    {
      view: 'model',
      role: 'assistant',
      semanticType: 'tool_call',
      sourceMessageIds: [`${id}-call`],
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'Read', input: {} }],
    },
    {
      view: 'model',
      role: 'tool',
      semanticType: 'tool_result',
      sourceMessageIds: [id],
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'Read',
          output: { type: 'text', value: output },
        },
      ],
    },
  ];
}

/** `turns` user turns of two reads of `size` characters each. */
function session(turns: number, size: number): ModelMessage[] {
  return Array.from({ length: turns }, (_, turn) => [
    user(`u${turn}`, `turn ${turn}`),
    ...read(`r${turn}a`, 'x'.repeat(size)),
    ...read(`r${turn}b`, 'y'.repeat(size)),
  ]).flat();
}

const sizeOf = (messages: readonly ModelMessage[]) =>
  messages.reduce((total, message) => total + countTokens(message), 0);

describe('fitModelViewToBudget', () => {
  it('leaves a context under the budget as it is', () => {
    const messages = session(3, 100);
    const fitted = fitModelViewToBudget(messages, {
      maxInputTokens: 10_000,
      countTokens,
      recentUserTurns: 2,
    });
    expect(fitted.messages).toEqual(messages);
    expect(fitted.budget).toMatchObject({
      stubbedMessageIds: [],
      truncatedMessageIds: [],
      fits: true,
    });
  });

  it('stubs the oldest results outside the recent turns, in a batch down to the low-water mark', () => {
    const messages = session(6, 500);
    const budget = sizeOf(messages) - 100;
    const fitted = fitModelViewToBudget(messages, {
      maxInputTokens: budget,
      countTokens,
      recentUserTurns: 2,
    });
    expect(fitted.budget.fits).toBe(true);
    // More than the one result that would have been enough: down to 75 % of the budget.
    expect(fitted.budget.stubbedMessageIds.length).toBeGreaterThan(1);
    expect(fitted.budget.tokensAfter).toBeLessThanOrEqual(0.75 * budget);
    expect(fitted.budget.stubbedMessageIds[0]).toBe('r0a');
    // The recent turns (4 and 5) keep their results whole.
    const kept = JSON.stringify(fitted.messages.slice(-10));
    expect(kept).not.toContain(CLEARED_TOOL_RESULT_TEXT);
  });

  it('keeps the previous answer as a prefix while the context grows under the batch', () => {
    const messages = session(8, 500);
    const options = { maxInputTokens: 9_000, countTokens, recentUserTurns: 2 };
    let moved = 0;
    let previous: ModelMessage[] | undefined;
    for (let end = 1; end <= messages.length; end += 1) {
      const fitted = fitModelViewToBudget(messages.slice(0, end), options).messages;
      if (
        previous !== undefined &&
        JSON.stringify(fitted.slice(0, previous.length)) !== JSON.stringify(previous)
      ) {
        moved += 1;
      }
      previous = fitted;
    }
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(3);
  });

  it('truncates long results once stubbing is out of reach, and says CompactionNeeded past that', () => {
    const messages = session(2, 5_000);
    const truncated = fitModelViewToBudget(messages, {
      maxInputTokens: sizeOf(messages) - 4_000,
      countTokens,
      recentUserTurns: 2,
    });
    expect(truncated.budget).toMatchObject({
      stubbedMessageIds: [],
      truncatedMessageIds: ['r0a', 'r0b'],
      fits: true,
    });
    const impossible = fitModelViewToBudget(messages, {
      maxInputTokens: 1_000,
      countTokens,
      recentUserTurns: 2,
    });
    expect(impossible.budget).toMatchObject({ fits: false, code: 'CompactionNeeded' });
    // The latest turn is never touched.
    expect(impossible.messages.slice(-5)).toEqual(messages.slice(-5));
  });
});
