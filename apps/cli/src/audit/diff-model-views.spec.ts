import type { RuntimeMessageKind } from '@agent-ledger/messages';
import type { DebugMessage, ModelOutcome, ModelShownOutcome } from '@agent-ledger/projections';
import { diffModelViews } from './diff-model-views';

/** A debug-view entry with what the model view did with it; the other fields do not matter here. */
function entry(id: string, kind: RuntimeMessageKind, model: ModelOutcome): DebugMessage {
  return {
    view: 'debug',
    role: 'user',
    semanticType: kind,
    sourceMessageIds: [id],
    id,
    sessionId: 's1',
    kind,
    createdAt: '2026-04-08T09:00:00.000Z',
    content: '',
    model,
  };
}

const shown = (modelIndex: number, extra: Partial<ModelShownOutcome> = {}): ModelShownOutcome => ({
  status: 'shown',
  modelIndex,
  semanticType: 'user_input',
  ...extra,
});

describe('diffModelViews', () => {
  it('lists nothing when the model context did not change', () => {
    const view = [entry('u1', 'user_input', shown(0))];
    expect(diffModelViews(view, view)).toEqual([]);
  });

  it('names what a compaction removed, and what it added', () => {
    const before = [entry('u1', 'user_input', shown(0)), entry('a1', 'assistant_text', shown(1))];
    const after = [
      entry('u1', 'user_input', { status: 'hidden', reason: 'before-compact-boundary:b1' }),
      entry('a1', 'assistant_text', { status: 'hidden', reason: 'before-compact-boundary:b1' }),
      entry('b1', 'compact_boundary', { status: 'hidden', reason: 'compact-boundary' }),
      entry('sum1', 'compact_summary', shown(0)),
    ];
    expect(diffModelViews(before, after)).toEqual([
      {
        change: 'removed',
        messageId: 'u1',
        kind: 'user_input',
        reason: 'before-compact-boundary:b1',
        compactBoundaryId: 'b1',
      },
      {
        change: 'removed',
        messageId: 'a1',
        kind: 'assistant_text',
        reason: 'before-compact-boundary:b1',
        compactBoundaryId: 'b1',
      },
      { change: 'added', messageId: 'sum1', kind: 'compact_summary' },
    ]);
  });

  it('names a tool result truncated to the stub by pruning, and one cut to the soft limit, both truncated', () => {
    const before = [entry('r1', 'tool_result', shown(2)), entry('r2', 'tool_result', shown(3))];
    const after = [
      entry(
        'r1',
        'tool_result',
        shown(2, { compacted: { cause: 'compacted', compactedAt: '2026-04-08T10:00:00Z' } }),
      ),
      entry(
        'r2',
        'tool_result',
        shown(3, { truncated: { originalLength: 30000, keptLength: 20000 } }),
      ),
    ];
    expect(diffModelViews(before, after)).toEqual([
      {
        change: 'truncated',
        messageId: 'r1',
        kind: 'tool_result',
        stub: true,
        cause: 'compacted',
        compactedAt: '2026-04-08T10:00:00Z',
      },
      {
        change: 'truncated',
        messageId: 'r2',
        kind: 'tool_result',
        stub: false,
        originalLength: 30000,
        keptLength: 20000,
      },
    ]);
    expect(diffModelViews(after, before)).toEqual([
      { change: 'untruncated', messageId: 'r1', kind: 'tool_result' },
      { change: 'untruncated', messageId: 'r2', kind: 'tool_result' },
    ]);
  });

  it('names messages shown earlier that a later revision does not have yet (a backwards diff)', () => {
    const before = [entry('u1', 'user_input', shown(0)), entry('u2', 'user_input', shown(1))];
    const after = [entry('u1', 'user_input', shown(0))];
    expect(diffModelViews(before, after)).toEqual([
      { change: 'removed', messageId: 'u2', kind: 'user_input', reason: 'not-recorded' },
    ]);
  });

  it('does not list a message that was never in the model context', () => {
    const after = [
      entry('b1', 'compact_boundary', { status: 'hidden', reason: 'compact-boundary' }),
    ];
    expect(diffModelViews([], after)).toEqual([]);
  });
});
