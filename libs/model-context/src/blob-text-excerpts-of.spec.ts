import { Readable } from 'node:stream';
import { InMemoryBlobStore } from '@agent-ledger/blobs/testing';
import { messageRecorded, type SessionLogEvent } from '@agent-ledger/events';
import type { ContentBlobRef, RuntimeMessage } from '@agent-ledger/messages';
import { blobTextExcerptsOf } from './blob-text-excerpts-of';

const TEXT_MEDIA_TYPE = 'text/plain; charset=utf-8';

async function stored(blobs: InMemoryBlobStore, text: string): Promise<ContentBlobRef> {
  const { sha256, size } = await blobs.put('default', Readable.from([Buffer.from(text)]), {
    mediaType: TEXT_MEDIA_TYPE,
  });
  return { sha256, size, mediaType: TEXT_MEDIA_TYPE, preview: '', textLength: text.length };
}

function logged(messages: RuntimeMessage[]): SessionLogEvent[] {
  return messages.map((message, revision) => ({
    event: messageRecorded(message),
    revision,
    position: revision,
    id: `e${revision}`,
    metadata: { schemaVersion: 1 },
    sessionId: 's1',
    streamName: 'session-s1',
    recordedAt: '2026-01-01T00:00:00.000Z',
  }));
}

const user = (id: string, blob: ContentBlobRef | undefined, text = 'hi'): RuntimeMessage => ({
  id,
  sessionId: 's1',
  role: 'user',
  kind: 'user_input',
  createdAt: '2026-01-01T00:00:00.000Z',
  content: [blob === undefined ? { type: 'text', text } : { type: 'text', text: '', blob }],
});

describe('blobTextExcerptsOf', () => {
  it('reads a text of the latest turn whole, an earlier one by its head and tail only', async () => {
    const blobs = new InMemoryBlobStore();
    const earlier = 'e'.repeat(2_000_000);
    const latest = 'l'.repeat(50_000);
    const earlierBlob = await stored(blobs, earlier);
    const latestBlob = await stored(blobs, latest);
    const events = logged([user('u1', earlierBlob), user('u2', latestBlob)]);
    const excerpts = await blobTextExcerptsOf(events, blobs, 'default', 1_000);
    expect(excerpts.get(latestBlob.sha256)).toEqual({ head: latest, tail: '' });
    expect(excerpts.get(earlierBlob.sha256)).toEqual({
      head: 'e'.repeat(500),
      tail: 'e'.repeat(500),
    });
    // The 2 MB text cost two small ranges, never the whole blob.
    expect(blobs.bytesRead).toBeLessThan(latest.length + 10_000);
  });

  it('cuts a text of the latest turn too when it is longer than the latest-turn limit', async () => {
    const blobs = new InMemoryBlobStore();
    const text = 'x'.repeat(10_000);
    const blob = await stored(blobs, text);
    const excerpts = await blobTextExcerptsOf(
      logged([user('u1', blob)]),
      blobs,
      'default',
      100,
      5_000,
    );
    expect(excerpts.get(blob.sha256)).toEqual({ head: 'x'.repeat(50), tail: 'x'.repeat(50) });
  });
});
