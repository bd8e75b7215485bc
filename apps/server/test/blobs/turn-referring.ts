/** An append of one turn whose tool result is the blob `sha256`, uploaded before. */
export function turnReferring(sessionId: string, sha256: string): object {
  return {
    messages: [
      { id: 'u1', sessionId, role: 'user', kind: 'user_input', content: 'read the log' },
      {
        id: 'c1',
        sessionId,
        role: 'assistant',
        kind: 'tool_call',
        content: [{ type: 'tool-call', toolCallId: 'call1', toolName: 'read', input: {} }],
      },
      {
        id: 'r1',
        sessionId,
        role: 'tool',
        kind: 'tool_result',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call1',
            output: {
              type: 'blob',
              as: 'text',
              blob: { sha256, size: 0, mediaType: 'text/plain', preview: '' },
            },
          },
        ],
      },
    ],
  };
}
