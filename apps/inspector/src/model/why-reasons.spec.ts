import type { DebugEntry, TranscriptEntry } from '@agent-ledger/client';
import { whyReasons } from './why-reasons';

const debug = (
  model: DebugEntry['model'] & Record<string, unknown>,
  rest: Partial<DebugEntry> = {},
) =>
  ({
    view: 'debug',
    id: 'm4',
    kind: 'tool_result',
    role: 'tool',
    semanticType: 'tool_result',
    sessionId: 's1',
    createdAt: '2026-04-08T09:00:04.000Z',
    sourceMessageIds: ['m4'],
    content: [],
    model,
    ...rest,
  }) as DebugEntry;

const transcript = (rest: Partial<TranscriptEntry>): TranscriptEntry => ({
  view: 'transcript',
  id: 'm4',
  kind: 'tool_result',
  role: 'tool',
  semanticType: 'tool_result',
  sourceMessageIds: ['m4'],
  createdAt: '2026-04-08T09:00:04.000Z',
  content: [],
  ...rest,
});

describe('whyReasons', () => {
  test('what a provider dropped on its side: the compaction that covers it and the edit that cleared it', () => {
    const reasons = whyReasons(
      debug({ status: 'shown', modelIndex: 2 }),
      undefined,
      [],
      [
        {
          change: 'provider-compacted',
          revision: 9,
          compactionId: 'g2:0',
          provider: 'anthropic.messages',
          family: 'anthropic',
          artifactMessageId: 'g2:0',
          coveredMessageIds: ['m2', 'm4'],
        },
        {
          change: 'provider-edited',
          revision: 10,
          callId: 'g2:step-0',
          provider: 'anthropic.messages',
          edits: [{ type: 'clear_tool_uses_20250919', clearedToolUses: 1 }],
          clearedToolResultIds: ['m4'],
        },
        {
          change: 'provider-edited',
          revision: 12,
          callId: 'g3:step-0',
          provider: 'anthropic.messages',
          edits: [{ type: 'clear_tool_uses_20250919', clearedToolUses: 1 }],
          clearedToolResultIds: ['m6'],
        },
      ],
    );
    expect(reasons.map((reason) => reason.kind)).toEqual([
      'shown',
      'provider-dropped',
      'provider-dropped',
    ]);
    expect(reasons[1]?.text).toContain(
      'Compacted by the provider (anthropic.messages, revision 9)',
    );
    expect(reasons[2]?.text).toContain("from call g2:step-0's context");
  });

  test('behind a boundary and pruned are two reasons', () => {
    const reasons = whyReasons(
      debug({ status: 'hidden', reason: 'before-compact-boundary:b1' }),
      transcript({ compactedAt: '2026-04-08T09:00:08.000Z' }),
      [],
    );
    expect(reasons.map((reason) => reason.kind)).toEqual(['behind-boundary', 'pruned']);
    expect(reasons[0]?.text).toContain('behind compact boundary b1');
    expect(reasons[1]?.text).toContain('Pruned at 2026-04-08T09:00:08.000Z');
  });

  test('shown as a truncated stub, with a repair: every fact is a line', () => {
    const reasons = whyReasons(
      debug({
        status: 'shown',
        modelIndex: 3,
        compacted: { cause: 'older-than-recent-turns' },
        truncated: { originalLength: 9000, keptLength: 2000 },
      }),
      undefined,
      [
        { type: 'synthetic-result', revision: 7, detail: 'a result was missing', messageId: 'm4' },
      ] as never,
    );
    expect(reasons.map((reason) => reason.kind)).toEqual([
      'shown',
      'truncated-to-stub',
      'truncated',
      'repaired',
    ]);
    expect(reasons[0]?.text).toBe('The model sees it, as message 3 of the context.');
  });

  test('a rewound message says it is on an abandoned branch, once', () => {
    const reasons = whyReasons(
      debug({ status: 'hidden', reason: 'rewound' }, { rewound: true }),
      undefined,
      [],
    );
    expect(reasons.map((reason) => reason.kind)).toEqual(['rewound']);
  });
});
