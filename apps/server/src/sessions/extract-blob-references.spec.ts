import { extractBlobReferences } from './extract-blob-references';
import { parseAiSdkResponseMessages } from './parse-ai-sdk-response-messages';

const SHA256 = 'a'.repeat(64);

function toolMessage(output: unknown) {
  return {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'read', output }],
  };
}

describe('extractBlobReferences', () => {
  it('takes a blob reference out of a tool message, so the AI SDK schemas accept the message', () => {
    const { messages, outputs } = extractBlobReferences([
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
    const { messages, outputs } = extractBlobReferences([malformed]);
    expect(messages).toEqual([malformed]);
    expect(outputs.size).toBe(0);
    expect(parseAiSdkResponseMessages(messages).ok).toBe(false);
  });

  it('takes text, reasoning and tool-input references out, which the schemas would drop', () => {
    const step = [
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'plan…', blob: { sha256: SHA256, textLength: 40_000 } },
          { type: 'text', text: 'short' },
          { type: 'text', text: 'head…', blob: { sha256: SHA256 } },
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'write',
            input: { content: 'head…' },
            inputBlobs: [{ path: ['content'], blob: { sha256: SHA256 } }],
          },
        ],
      },
    ];
    const extracted = extractBlobReferences(step);
    expect(extracted.errors).toEqual([]);
    const parsed = parseAiSdkResponseMessages(extracted.messages);
    expect(parsed.ok).toBe(true);
    expect(JSON.stringify(extracted.messages)).not.toContain('blob');
    const reference = {
      sha256: SHA256,
      size: 0,
      mediaType: 'application/octet-stream',
      preview: '',
    };
    expect([...extracted.texts]).toEqual([
      ['0/0', { ...reference, textLength: 40_000 }],
      ['0/2', reference],
    ]);
    expect([...extracted.inputs]).toEqual([['call-1', [{ path: ['content'], blob: reference }]]]);
  });

  it('refuses a text blob or input blobs that are not references, rather than dropping them', () => {
    const { errors } = extractBlobReferences([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'x', blob: { sha256: 'not-a-hash' } },
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'write',
            input: {},
            inputBlobs: [{ path: 'content', blob: { sha256: SHA256 } }],
          },
        ],
      },
    ]);
    expect(errors).toEqual([
      'messages[0].content[0].blob must be { sha256: <64 hex digits>, textLength?: number }',
      'messages[0].content[1].inputBlobs must be [{ path: (string | number)[], blob: { sha256: <64 hex digits>, textLength?: number } }]',
    ]);
  });
});
