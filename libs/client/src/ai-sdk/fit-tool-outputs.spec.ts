import { fitToolOutputs } from './fit-tool-outputs';

const result = (output: unknown) => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'Read', output }],
});

describe('fitToolOutputs', () => {
  it('leaves outputs within the limit as they are (the same objects)', () => {
    const messages = [
      result({ type: 'text', value: 'short' }),
      { role: 'assistant', content: 'x'.repeat(50) },
    ];
    const fitted = fitToolOutputs(messages, 20);
    expect(fitted[0]).toBe(messages[0]);
    expect(fitted[1]).toBe(messages[1]);
  });

  it('cuts a long text to the byte limit and says how much was kept', () => {
    const [fitted] = fitToolOutputs([result({ type: 'text', value: 'é'.repeat(1000) })], 400);
    const value = (fitted as { content: Array<{ output: { type: string; value: string } }> })
      .content[0]!.output.value;
    expect(new TextEncoder().encode(value).byteLength).toBeLessThanOrEqual(400);
    expect(value).toMatch(
      /^é+\n\[truncated by the runtime: \d+ of 1000 characters kept, the output was over the ledger's append limit\]$/,
    );
  });

  it('turns a JSON output over the limit into truncated text, error outputs staying errors', () => {
    const [json, error] = fitToolOutputs(
      [
        result({ type: 'json', value: { lines: 'x'.repeat(500) } }),
        result({ type: 'error-json', value: ['y'.repeat(500)] }),
      ],
      300,
    );
    const outputOf = (message: unknown) =>
      (message as { content: Array<{ output: { type: string; value: string } }> }).content[0]!
        .output;
    expect(outputOf(json).type).toBe('text');
    expect(outputOf(json).value.startsWith('{"lines":"xxx')).toBe(true);
    expect(outputOf(error).type).toBe('error-text');
  });
});
