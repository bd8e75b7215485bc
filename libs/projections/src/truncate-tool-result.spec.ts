import { truncateToolResult } from './truncate-tool-result';

describe('truncateToolResult', () => {
  it('returns undefined when the output fits', () => {
    expect(
      truncateToolResult(
        { type: 'tool-result', toolCallId: 'c', output: { type: 'text', value: 'short' } },
        5,
      ),
    ).toBeUndefined();
  });

  it('truncates error JSON to error text', () => {
    expect(
      truncateToolResult(
        { type: 'tool-result', toolCallId: 'c', output: { type: 'error-json', value: [1, 2, 3] } },
        4,
      ),
    ).toEqual({
      part: {
        type: 'tool-result',
        toolCallId: 'c',
        output: { type: 'error-text', value: '[1\n\n[... 3 characters truncated ...]\n\n3]' },
      },
      originalLength: 7,
      keptLength: 4,
    });
  });

  it('shares the limit among text items in proportion and keeps media items', () => {
    expect(
      truncateToolResult(
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'Shot',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'aaaaaaaaaaaa' },
              { type: 'media', data: 'iVBORw0=', mediaType: 'image/png' },
              { type: 'text', text: 'bbbb' },
            ],
          },
        },
        8,
      ),
    ).toEqual({
      part: {
        type: 'tool-result',
        toolCallId: 'c',
        toolName: 'Shot',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'aaa\n\n[... 6 characters truncated ...]\n\naaa' },
            { type: 'media', data: 'iVBORw0=', mediaType: 'image/png' },
            { type: 'text', text: 'b\n\n[... 2 characters truncated ...]\n\nb' },
          ],
        },
      },
      originalLength: 16,
      keptLength: 8,
    });
  });
});
