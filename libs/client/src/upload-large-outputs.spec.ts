import { createHash } from 'node:crypto';
import type { BlobRef } from './contract/blobs';
import { uploadLargeOutputs } from './upload-large-outputs';

/** Uploads kept in memory: what was sent, and the reference a server would answer. */
function memoryUploads(thresholdBytes: number) {
  const sent: Array<{ text: string; mediaType: string }> = [];
  return {
    sent,
    uploads: {
      thresholdBytes,
      uploaded: new Map<string, Promise<BlobRef>>(),
      upload: async (bytes: Blob, mediaType: string): Promise<BlobRef> => {
        const text = await bytes.text();
        sent.push({ text, mediaType });
        const sha256 = createHash('sha256').update(text).digest('hex');
        return { sha256, size: bytes.size, mediaType, preview: text.slice(0, 3) };
      },
    },
  };
}

function toolResult(output: unknown) {
  return {
    kind: 'tool_result',
    content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read', output }],
  };
}

describe('uploadLargeOutputs', () => {
  it('counts UTF-8 bytes, not characters: 40 CJK characters are 120 bytes, over a 100-byte threshold', async () => {
    const { sent, uploads } = memoryUploads(100);
    const text = '数'.repeat(40);
    const [message] = await uploadLargeOutputs(
      [toolResult({ type: 'text', value: text })],
      uploads,
    );
    expect(sent).toEqual([{ text, mediaType: 'text/plain; charset=utf-8' }]);
    expect(message?.content[0]?.output).toEqual({
      type: 'blob',
      as: 'text',
      blob: {
        sha256: createHash('sha256').update(text).digest('hex'),
        size: 120,
        mediaType: 'text/plain; charset=utf-8',
        preview: '数数数',
        textLength: 40,
      },
    });
  });

  it('leaves outputs, texts and inputs at or under the threshold, and other messages, as they are', async () => {
    const { sent, uploads } = memoryUploads(100);
    const small = toolResult({ type: 'text', value: 'x'.repeat(100) });
    const user = { kind: 'user_input', content: 'y'.repeat(100) };
    const call = {
      kind: 'tool_call',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'write', input: { a: 'z' } }],
    };
    const note = { kind: 'system_note', content: 'n'.repeat(1000) };
    const messages = await uploadLargeOutputs([small, user, call, note], uploads);
    expect(messages).toEqual([small, user, call, note]);
    expect(messages[1]).toBe(user);
    expect(messages[2]).toBe(call);
    expect(messages[3]).toBe(note);
    expect(sent).toEqual([]);
  });

  it('uploads a long user text, kept as a text part holding the preview beside its blob', async () => {
    const { sent, uploads } = memoryUploads(100);
    const text = 'y'.repeat(1000);
    const [message] = await uploadLargeOutputs([{ kind: 'user_input', content: text }], uploads);
    expect(sent).toEqual([{ text, mediaType: 'text/plain; charset=utf-8' }]);
    expect(message).toEqual({
      kind: 'user_input',
      content: [
        {
          type: 'text',
          text: 'yyy',
          blob: {
            sha256: createHash('sha256').update(text).digest('hex'),
            size: 1000,
            mediaType: 'text/plain; charset=utf-8',
            preview: 'yyy',
            textLength: 1000,
          },
        },
      ],
    });
  });

  it('uploads the large strings of a tool input, keeping the input an object and naming each by path', async () => {
    const { sent, uploads } = memoryUploads(100);
    const content = 'c'.repeat(500);
    const line = 'l'.repeat(200);
    const call = {
      kind: 'tool_call',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'write',
          input: { file_path: 'a.txt', content, edits: [{ old: 'x', new: line }] },
        },
      ],
    };
    const [message] = await uploadLargeOutputs([call], uploads);
    expect(sent.map(({ text }) => text)).toEqual([content, line]);
    const reference = (text: string) => ({
      sha256: createHash('sha256').update(text).digest('hex'),
      size: text.length,
      mediaType: 'text/plain; charset=utf-8',
      preview: text.slice(0, 3),
      textLength: text.length,
    });
    expect(message?.content).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'write',
        input: { file_path: 'a.txt', content: 'ccc', edits: [{ old: 'x', new: 'lll' }] },
        inputBlobs: [
          { path: ['content'], blob: reference(content) },
          { path: ['edits', 0, 'new'], blob: reference(line) },
        ],
      },
    ]);
  });

  it('leaves the texts of AI SDK messages (no kind) inline: only their tool outputs are uploaded', async () => {
    const { sent, uploads } = memoryUploads(100);
    const assistant = { role: 'assistant', content: [{ type: 'text', text: 'a'.repeat(1000) }] };
    const [message] = await uploadLargeOutputs([assistant], uploads);
    expect(message).toBe(assistant);
    expect(sent).toEqual([]);
  });

  it('uploads JSON as its JSON text, and error outputs keep their type in `as`', async () => {
    const { sent, uploads } = memoryUploads(10);
    const [json, error] = await uploadLargeOutputs(
      [
        toolResult({ type: 'json', value: { rows: [1, 2, 3, 4, 5] } }),
        toolResult({ type: 'error-text', value: 'failure '.repeat(5) }),
      ],
      uploads,
    );
    expect(sent.map(({ text, mediaType }) => [mediaType, text])).toEqual([
      ['application/json', '{"rows":[1,2,3,4,5]}'],
      ['text/plain; charset=utf-8', 'failure '.repeat(5)],
    ]);
    expect(json?.content[0]?.output).toMatchObject({ type: 'blob', as: 'json' });
    expect(error?.content[0]?.output).toMatchObject({ type: 'blob', as: 'error-text' });
  });

  it('sends a content met again once (the same output re-sent with each step)', async () => {
    const { sent, uploads } = memoryUploads(10);
    const message = toolResult({ type: 'text', value: 'the same long output' });
    const first = await uploadLargeOutputs([message], uploads);
    const second = await uploadLargeOutputs([message, message], uploads);
    expect(sent).toHaveLength(1);
    expect(second).toEqual([first[0], first[0]]);
  });
});
