import { diffModelContexts } from './diff-model-contexts';
import type { ModelViewMessage } from './model-view-message';

const message = (
  id: string,
  semanticType: string,
  flags: Partial<ModelViewMessage> = {},
): ModelViewMessage => ({
  role: 'user',
  semanticType,
  sourceMessageIds: [id],
  content: `text of ${id}`,
  truncated: false,
  compacted: false,
  ...flags,
});

describe('diffModelContexts', () => {
  test('a pruning between the points: the result is truncated to the stub, nothing else changes', () => {
    const a = { messages: [message('m1', 'user_input'), message('m4', 'tool_result')] };
    const b = {
      messages: [
        message('m1', 'user_input'),
        message('m4', 'tool_result', { compacted: true, content: 'stub' }),
      ],
    };
    expect(diffModelContexts(a, b)).toEqual([
      { messageId: 'm4', change: 'truncated-to-stub', semanticType: 'tool_result' },
    ]);
  });

  test('a compaction between the points: the summary is added, what it covers is removed by it, carried notes stay', () => {
    const a = {
      messages: [
        message('m1', 'system_note'),
        message('m2', 'user_input'),
        message('m3', 'assistant_text'),
      ],
    };
    const b = {
      messages: [
        message('m1', 'system_note'),
        message('sum1', 'compact_summary'),
        message('m8', 'user_input'),
      ],
      compactBoundaryId: 'b1',
    };
    expect(diffModelContexts(a, b)).toEqual([
      { messageId: 'sum1', change: 'added', semanticType: 'compact_summary' },
      { messageId: 'm8', change: 'added', semanticType: 'user_input' },
      {
        messageId: 'm2',
        change: 'removed-by-compaction',
        semanticType: 'user_input',
        boundaryId: 'b1',
      },
      {
        messageId: 'm3',
        change: 'removed-by-compaction',
        semanticType: 'assistant_text',
        boundaryId: 'b1',
      },
    ]);
  });

  test('the same boundary at both points: a message gone is removed, not compacted; truncation and content changes are named', () => {
    const a = {
      messages: [
        message('m1', 'user_input'),
        message('m2', 'tool_result'),
        message('m3', 'assistant_text'),
      ],
      compactBoundaryId: 'b1',
    };
    const b = {
      messages: [
        message('m2', 'tool_result', { truncated: true, content: 'short' }),
        message('m3', 'assistant_text', { content: 'other' }),
      ],
      compactBoundaryId: 'b1',
    };
    expect(diffModelContexts(a, b)).toEqual([
      { messageId: 'm2', change: 'truncated', semanticType: 'tool_result' },
      { messageId: 'm3', change: 'changed', semanticType: 'assistant_text' },
      { messageId: 'm1', change: 'removed', semanticType: 'user_input' },
    ]);
  });

  test('equal contexts have no diff; going back in time reverses a stub', () => {
    const truncatedToStub = { messages: [message('m4', 'tool_result', { compacted: true })] };
    const whole = { messages: [message('m4', 'tool_result')] };
    expect(diffModelContexts(whole, whole)).toEqual([]);
    expect(diffModelContexts(truncatedToStub, whole)).toEqual([
      { messageId: 'm4', change: 'untruncated-from-stub', semanticType: 'tool_result' },
    ]);
  });
});
