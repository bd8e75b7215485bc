import { contentText } from './content-text';

describe('contentText', () => {
  test('each part kind reads as text', () => {
    expect(
      contentText([
        { type: 'text', text: 'Reading it.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: { file_path: 'a.ts' } },
        { type: 'tool-result', toolCallId: 'c1', output: { type: 'json', value: { ok: true } } },
        { type: 'tool-approval-response', approvalId: 'a1', approved: false, reason: 'no' },
        { type: 'image', mediaType: 'image/png' },
        { type: 'unknown-part', x: 1 },
      ]),
    ).toBe(
      'Reading it.\nRead({"file_path":"a.ts"})\n{\n  "ok": true\n}\nDenied: no\n[image/png]\n{"type":"unknown-part","x":1}',
    );
  });

  test('a string is itself, a boundary and a switch say what they are', () => {
    expect(contentText('hello')).toBe('hello');
    expect(contentText({ type: 'compact-boundary', trigger: 'auto' })).toBe('Compaction (auto)');
    expect(contentText({ type: 'agent-switch', fromAgent: 'a', toAgent: 'b' })).toBe('a → b');
  });
});
