import { extractBlobOutputs } from './extract-blob-outputs';
import { parseAiSdkResponseMessages } from './parse-ai-sdk-response-messages';

const SHA256 = 'a'.repeat(64);

function toolMessage(output: unknown) {
  return {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'read', output }],
  };
}

describe('extractBlobOutputs', () => {
  it('takes a blob reference out of a tool message, so the AI SDK schemas accept the message', () => {
    const { messages, outputs } = extractBlobOutputs([
      toolMessage({ type: 'blob', as: 'text', blob: { sha256: SHA256, size: 9, preview: 'x' } }),
    ]);
    expect(parseAiSdkResponseMessages(messages)).toEqual({
      ok: true,
      messages: [toolMessage({ type: 'text', value: '' })],
    });
    expect([...outputs]).toEqual([
      [
        'call-1',
        {
          type: 'blob',
          as: 'text',
          blob: { sha256: SHA256, size: 0, mediaType: 'application/octet-stream', preview: '' },
        },
      ],
    ]);
  });

  it('leaves what is not a blob reference for the schemas to refuse', () => {
    const malformed = toolMessage({ type: 'blob', as: 'content', blob: { sha256: SHA256 } });
    const { messages, outputs } = extractBlobOutputs([malformed]);
    expect(messages).toEqual([malformed]);
    expect(outputs.size).toBe(0);
    expect(parseAiSdkResponseMessages(messages).ok).toBe(false);
  });
});
