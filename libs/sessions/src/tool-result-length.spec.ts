import type { ToolResultMessage } from '@agent-ledger/messages';
import { toolResultLength } from './tool-result-length';

describe('toolResultLength', () => {
  it('counts the characters of every output, JSON serialized, media by its data', () => {
    const message: ToolResultMessage = {
      id: 'r1',
      sessionId: 's1',
      kind: 'tool_result',
      role: 'tool',
      createdAt: '2026-04-08T09:00:00.000Z',
      content: [
        { type: 'tool-result', toolCallId: 'c1', output: { type: 'text', value: 'hello' } },
        { type: 'tool-result', toolCallId: 'c2', output: { type: 'json', value: { a: 1 } } },
        { type: 'tool-result', toolCallId: 'c3', output: { type: 'error-text', value: 'boom' } },
        { type: 'tool-result', toolCallId: 'c4', output: { type: 'error-json', value: [1, 2] } },
        {
          type: 'tool-result',
          toolCallId: 'c5',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'ab' },
              { type: 'media', data: 'QUJD', mediaType: 'image/png' },
            ],
          },
        },
        {
          type: 'tool-result',
          toolCallId: 'c6',
          output: { type: 'execution-denied', reason: 'no' },
        },
        { type: 'tool-result', toolCallId: 'c7', output: { type: 'execution-denied' } },
      ],
    };
    // 5 + 7 ('{"a":1}') + 4 + 5 ('[1,2]') + 2 + 4 + 2 + 0
    expect(toolResultLength(message)).toEqual(29);
  });
});
