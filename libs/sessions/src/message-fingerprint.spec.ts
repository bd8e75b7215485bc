import { messageFingerprint } from './message-fingerprint';
import { m3 } from './testing/decider-fixtures';

describe('messageFingerprint', () => {
  it('ignores createdAt and the order of object keys', () => {
    const reordered = {
      content: [
        {
          input: { file_path: 'src/auth.ts' },
          toolName: 'Read',
          toolCallId: 'call_1',
          type: 'tool-call' as const,
        },
      ],
      createdAt: '2030-01-01T00:00:00.000Z',
      role: 'assistant' as const,
      kind: 'tool_call' as const,
      sessionId: 's1',
      id: 'm3',
    };
    expect(messageFingerprint(reordered)).toEqual(messageFingerprint(m3));
  });

  it('changes with any other field', () => {
    const fingerprints = [
      m3,
      { ...m3, id: 'm3b' },
      { ...m3, runId: 'run-1' },
      { ...m3, metadata: { agentName: 'build' } },
      { ...m3, content: [{ ...m3.content[0]!, input: { file_path: 'src/other.ts' } }] },
    ].map(messageFingerprint);
    expect(new Set(fingerprints).size).toEqual(5);
  });
});
