import { summarizeContent } from './summarize-content';

describe('summarizeContent', () => {
  it('collapses text to one line', () => {
    expect(summarizeContent('line one\n\n  line two')).toBe('line one line two');
  });

  it('names a tool call by tool and input, and its result by call id and output', () => {
    expect(
      summarizeContent([
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'Read',
          input: { file_path: 'src/auth.ts' },
        },
      ]),
    ).toBe('Read {"file_path":"src/auth.ts"}');
    expect(
      summarizeContent([
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          output: { type: 'text', value: '[Old tool result content cleared]' },
        },
      ]),
    ).toBe('call_1 → [Old tool result content cleared]');
  });

  it('joins parts and names structured content by its type', () => {
    expect(
      summarizeContent([
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'answer' },
        { type: 'image', image: 'AAAA', mediaType: 'image/png' },
      ]),
    ).toBe('(reasoning) think | answer | [image image/png]');
    expect(summarizeContent({ type: 'compact-boundary', trigger: 'auto' })).toBe(
      '── compact boundary (auto) ──',
    );
    expect(summarizeContent({ type: 'agent-switch', fromAgent: 'build', toAgent: 'review' })).toBe(
      'agent build → review',
    );
  });

  it('falls back to JSON for shapes it does not know', () => {
    expect(summarizeContent({ type: 'other', value: 1 })).toBe('{"type":"other","value":1}');
    expect(summarizeContent(42)).toBe('42');
  });
});
