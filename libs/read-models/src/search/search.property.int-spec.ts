import fc from 'fast-check';
import type { SessionEvent } from '@agent-ledger/events';
import type { SearchVisibility } from '@agent-ledger/projections';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelFixture } from '../testing/read-model-fixture';
import { SearchReader } from './search-reader';

const T = '2026-03-01T10:00:00.000Z';

/** A planted message holding a token, after the generated history. */
type Plant =
  | { type: 'user'; token: string }
  | { type: 'result'; token: string; pruned: boolean }
  | { type: 'boundary' };

const latinToken = fc.stringMatching(/^[a-z]{10}$/).map((text) => `zq${text}`);
const identifierToken = fc
  .tuple(fc.stringMatching(/^[a-z]{6}$/), fc.stringMatching(/^[a-z]{5}$/))
  .map(([head, tail]) => `zq${head}${tail[0]!.toUpperCase()}${tail.slice(1)}Handler`);
const chineseToken = fc
  .array(fc.integer({ min: 0x4e00, max: 0x9fa5 }), { minLength: 4, maxLength: 4 })
  .map((codes) => String.fromCodePoint(...codes));
const token = fc.oneof(latinToken, identifierToken, chineseToken);

const plants = fc.array(
  fc.oneof(
    token.map((text): Plant => ({ type: 'user', token: text })),
    fc
      .tuple(token, fc.boolean())
      .map(([text, pruned]): Plant => ({ type: 'result', token: text, pruned })),
    fc.constant<Plant>({ type: 'boundary' }),
  ),
  { minLength: 1, maxLength: 12 },
);

function plantedEvents(sessionId: string, steps: readonly Plant[]): SessionEvent[] {
  const base = { sessionId, createdAt: T };
  return steps.flatMap((step, index): SessionEvent[] => {
    const id = `plant-${index}`;
    switch (step.type) {
      case 'user':
        return [
          {
            type: 'UserInputRecorded',
            data: {
              ...base,
              id,
              role: 'user',
              kind: 'user_input',
              content: `看看 ${step.token} 吧`,
            },
          },
        ];
      case 'result': {
        const events: SessionEvent[] = [
          {
            type: 'ToolCallRecorded',
            data: {
              ...base,
              id: `${id}-call`,
              role: 'assistant',
              kind: 'tool_call',
              content: [
                {
                  type: 'tool-call',
                  toolCallId: `${id}-c`,
                  toolName: 'Read',
                  input: { path: 'a.ts' },
                },
              ],
            },
          },
          {
            type: 'ToolResultRecorded',
            data: {
              ...base,
              id,
              role: 'tool',
              kind: 'tool_result',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: `${id}-c`,
                  output: { type: 'text', value: `line 1\n${step.token}();` },
                },
              ],
            },
          },
        ];
        if (step.pruned) {
          events.push({
            type: 'ToolResultsPruned',
            data: { sessionId, messageIds: [id], compactedAt: T, reason: 'old' },
          });
        }
        return events;
      }
      case 'boundary':
        return [
          {
            type: 'CompactBoundaryRecorded',
            data: {
              ...base,
              id,
              role: 'system',
              kind: 'compact_boundary',
              content: { type: 'compact-boundary', trigger: 'auto' },
            },
          },
          {
            type: 'CompactSummaryRecorded',
            data: {
              ...base,
              id: `${id}-summary`,
              role: 'user',
              kind: 'compact_summary',
              content: 'summary',
              metadata: { summaryForBoundaryId: id },
            },
          },
        ];
      default: {
        const unreachable: never = step;
        return unreachable;
      }
    }
  });
}

/** What the model sees of each planted message, by construction. */
function expectedVisibility(steps: readonly Plant[], index: number): SearchVisibility {
  const step = steps[index]!;
  if (steps.slice(index + 1).some((later) => later.type === 'boundary')) return 'behind-boundary';
  return step.type === 'result' && step.pruned ? 'truncated' : 'visible';
}

describe('search over generated histories', () => {
  it('finds every planted token exactly once, in its message, with its visibility; again after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitrarySessionHistory({ maxSteps: 12 }),
        plants,
        fc.integer({ min: 1, max: 9 }),
        async (history, steps, batchSize) => {
          const tokens = steps.flatMap((step) => (step.type === 'boundary' ? [] : [step.token]));
          fc.pre(new Set(tokens).size === tokens.length);
          const fixture = createReadModelFixture({ batchSize });
          try {
            await appendSessionEvents(fixture.store, 's1', [
              ...history,
              ...plantedEvents('s1', steps),
            ]);
            await appendSessionEvents(
              fixture.store,
              's2',
              history.map((event) => withSession(event, 's2')),
            );
            const check = () => {
              const reader = new SearchReader(fixture.db);
              steps.forEach((step, index) => {
                if (step.type === 'boundary') return;
                const expected = [
                  {
                    sessionId: 's1',
                    messageId: `plant-${index}`,
                    visibility: expectedVisibility(steps, index),
                  },
                ];
                const found = (query: string, sessionId?: string) =>
                  reader
                    .search({ query, limit: 50, ...(sessionId === undefined ? {} : { sessionId }) })
                    .results.map(({ sessionId: session, messageId, visibility }) => ({
                      sessionId: session,
                      messageId,
                      visibility,
                    }));
                expect(found(step.token)).toEqual(expected);
                expect(found(`"${step.token}"`, 's1')).toEqual(expected);
                expect(found(step.token, 's2')).toEqual([]);
              });
            };
            await fixture.runner.catchUp();
            check();
            await fixture.runner.rebuild();
            check();
          } finally {
            await fixture.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

function withSession(event: SessionEvent, sessionId: string): SessionEvent {
  return { ...event, data: { ...event.data, sessionId } } as SessionEvent;
}
