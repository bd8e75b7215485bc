import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';
import { blobRefsOfMessage } from './blob-refs-of-message';

const at = '2026-12-01T10:00:00.000Z';
const ref = (letter: string): ContentBlobRef => ({
  sha256: letter.repeat(64),
  size: 300_000,
  mediaType: 'text/plain; charset=utf-8',
  preview: letter,
});

describe('blobRefsOfMessage', () => {
  it('names the blobs of long texts, reasoning and tool-call input strings, in part order', () => {
    const text: RuntimeMessage = {
      id: 'u1',
      sessionId: 's',
      kind: 'user_input',
      role: 'user',
      createdAt: at,
      content: [
        { type: 'text', text: 'short' },
        { type: 'text', text: 'a…', blob: ref('a') },
      ],
    };
    const call: RuntimeMessage = {
      id: 'c1',
      sessionId: 's',
      kind: 'tool_call',
      role: 'assistant',
      createdAt: at,
      content: [
        {
          type: 'tool-call',
          toolCallId: 't1',
          toolName: 'Write',
          input: { file_path: 'x', content: 'b…', header: 'c…' },
          inputBlobs: [
            { path: ['content'], blob: ref('b') },
            { path: ['header'], blob: ref('c') },
          ],
        },
      ],
    };
    expect(blobRefsOfMessage(text).map((blob) => blob.preview)).toEqual(['a']);
    expect(blobRefsOfMessage(call).map((blob) => blob.preview)).toEqual(['b', 'c']);
  });

  it('names none for a message of plain string content', () => {
    const plain: RuntimeMessage = {
      id: 'u2',
      sessionId: 's',
      kind: 'user_input',
      role: 'user',
      createdAt: at,
      content: 'hello',
    };
    expect(blobRefsOfMessage(plain)).toEqual([]);
  });
});
