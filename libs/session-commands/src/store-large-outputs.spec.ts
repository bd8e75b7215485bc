import { createHash } from 'node:crypto';
import { InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import type { RuntimeMessage, ToolResultMessage } from '@agent-ledger/messages';
import { storeLargeOutputs } from './store-large-outputs';
import { UnknownBlobError } from './unknown-blob.error';

function result(
  id: string,
  output: ToolResultMessage['content'][number]['output'],
): RuntimeMessage {
  return {
    id,
    sessionId: 's1',
    role: 'tool',
    kind: 'tool_result',
    createdAt: '2026-01-01T00:00:00.000Z',
    content: [{ type: 'tool-result', toolCallId: `call-${id}`, toolName: 'read', output }],
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('storeLargeOutputs', () => {
  const storage = (blobs: InMemoryBlobStore) => ({
    blobs,
    tenant: 'acme',
    sessionKey: 'acme s1',
    thresholdBytes: 100,
  });

  it('given a text output above the threshold, stores it and records its reference', async () => {
    const blobs = new InMemoryBlobStore();
    const text = 'é'.repeat(60); // 120 bytes of UTF-8, 60 code units
    const stored = await storeLargeOutputs(
      [result('m1', { type: 'text', value: text })],
      storage(blobs),
    );
    expect(stored).toEqual([
      result('m1', {
        type: 'blob',
        as: 'text',
        blob: {
          sha256: sha256(text),
          size: 120,
          mediaType: 'text/plain; charset=utf-8',
          preview: text,
          textLength: 60,
        },
      }),
    ]);
    expect(blobs.referencesOf('acme', sha256(text))).toEqual(['acme s1']);
  });

  it('keeps outputs within the threshold, and other kinds, as they are', async () => {
    const messages = [
      result('m1', { type: 'text', value: 'x'.repeat(100) }),
      result('m2', { type: 'json', value: { small: true } }),
      {
        id: 'u1',
        sessionId: 's1',
        role: 'system',
        kind: 'system_note',
        createdAt: '2026-01-01T00:00:00.000Z',
        content: 'y'.repeat(1000),
      } satisfies RuntimeMessage,
    ];
    const blobs = new InMemoryBlobStore();
    await expect(storeLargeOutputs(messages, storage(blobs))).resolves.toEqual(messages);
    expect(blobs.size.blobs).toBe(0);
  });

  it('stores a large JSON output as its JSON text, once for identical content', async () => {
    const blobs = new InMemoryBlobStore();
    const value = { lines: Array.from({ length: 20 }, (_, index) => `line ${index}`) };
    const messages = [
      result('m1', { type: 'error-json', value }),
      result('m2', { type: 'error-json', value }),
    ];
    const first = await storeLargeOutputs(messages, storage(blobs));
    const retried = await storeLargeOutputs(messages, storage(blobs));
    expect(retried).toEqual(first);
    expect(first[0]).toEqual(
      result('m1', {
        type: 'blob',
        as: 'error-json',
        blob: {
          sha256: sha256(JSON.stringify(value)),
          size: JSON.stringify(value).length,
          mediaType: 'application/json',
          preview: JSON.stringify(value).slice(0, 200),
          textLength: JSON.stringify(value).length,
        },
      }),
    );
    expect(blobs.size).toEqual({ blobs: 1, bytes: JSON.stringify(value).length });
  });

  it('fills in a reference to a blob uploaded before from its bytes, not from the caller', async () => {
    const blobs = new InMemoryBlobStore();
    const text = 'uploaded ' + 'z'.repeat(1000);
    await blobs.put(
      'acme',
      (async function* () {
        yield await Promise.resolve(Buffer.from(text));
      })(),
      {
        mediaType: 'text/plain',
      },
    );
    const claimed = { sha256: sha256(text), size: 1, mediaType: 'image/png', preview: 'lies' };
    const stored = await storeLargeOutputs(
      [result('m1', { type: 'blob', as: 'text', blob: claimed })],
      storage(blobs),
    );
    expect(stored).toEqual([
      result('m1', {
        type: 'blob',
        as: 'text',
        blob: {
          sha256: sha256(text),
          size: text.length,
          mediaType: 'text/plain',
          preview: text.slice(0, 200),
          textLength: text.length,
        },
      }),
    ]);
    expect(blobs.referencesOf('acme', sha256(text))).toEqual(['acme s1']);
  });

  it('refuses a reference to a blob another tenant holds', async () => {
    const blobs = new InMemoryBlobStore();
    await blobs.put(
      'other',
      (async function* () {
        yield await Promise.resolve(Buffer.from('secret'));
      })(),
      {
        mediaType: 'text/plain',
      },
    );
    const blob = { sha256: sha256('secret'), size: 6, mediaType: 'text/plain', preview: '' };
    await expect(
      storeLargeOutputs([result('m1', { type: 'blob', as: 'text', blob })], storage(blobs)),
    ).rejects.toEqual(new UnknownBlobError(sha256('secret'), 'm1'));
  });
});
