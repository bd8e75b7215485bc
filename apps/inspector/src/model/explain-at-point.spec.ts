import { explainAtPoint, type PointContext } from './explain-at-point';
import type { ModelViewMessage } from './model-view-message';

const shown = (id: string, flags: Partial<ModelViewMessage> = {}): ModelViewMessage => ({
  role: 'tool',
  semanticType: 'tool_result',
  sourceMessageIds: [id],
  content: 'x',
  truncated: false,
  compacted: false,
  ...flags,
});

const context = (rest: Partial<PointContext> = {}): PointContext => ({
  revision: 9,
  messages: [shown('m1'), shown('m4', { compacted: true })],
  hiddenMessageIds: ['m2r'],
  ...rest,
});

describe('explainAtPoint', () => {
  test('a message recorded after the point was not there yet', () => {
    expect(explainAtPoint('m8', 12, context())).toEqual({
      status: 'not-yet-recorded',
      recordedAt: 12,
    });
  });

  test('a shown message says where, and whether it was a stub or truncated', () => {
    expect(explainAtPoint('m4', 4, context())).toEqual({
      status: 'shown',
      modelIndex: 1,
      truncatedToStub: true,
      truncated: false,
    });
  });

  test("a message the view's rules hid", () => {
    expect(explainAtPoint('m2r', 2, context()).status).toBe('hidden');
  });

  test('a message recorded before the point and missing from a window that starts at a boundary is behind it', () => {
    expect(explainAtPoint('m2', 2, context({ compactBoundaryId: 'b1' }))).toEqual({
      status: 'behind-boundary',
      boundaryId: 'b1',
    });
  });

  test('without its revision (no audit scope), "later" and "behind the boundary" are not told apart', () => {
    expect(explainAtPoint('m2', undefined, context({ compactBoundaryId: 'b1' }))).toEqual({
      status: 'outside-window',
      boundaryId: 'b1',
    });
  });
});
