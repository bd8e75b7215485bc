import { Readable } from 'node:stream';
import { blobPreview, SqliteBlobStore, type BlobStore } from '@agent-ledger/blobs';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { appendSessionEvents } from '@agent-ledger/testing';
import { createReadModelHandlers } from '../create-read-model-handlers';
import { openReadModelDatabase } from '../database/open-read-model-database';
import { ProjectionRunner } from '../runner/projection-runner';
import type { SearchBlobText } from './search-blob-text';
import { SearchReader } from './search-reader';

const MEDIA_TYPE = 'text/plain; charset=utf-8';
const CAP = 512 * 1024;

/** 1 MB of log lines, with one word at 400 KB (within the cap) and one at 900 KB (past it). */
function bigOutput(): Buffer {
  const line = 'INFO request served in 12 ms by worker pool\n';
  const lines = Array.from({ length: Math.ceil(1_000_000 / line.length) }, () => line);
  const at = (offset: number) => Math.floor(offset / line.length);
  lines[at(400_000)] = 'WARN zanzibarquota exceeded for tenant acme\n';
  lines[at(900_000)] = 'WARN xylophonelimit exceeded for tenant acme\n';
  return Buffer.from(lines.join(''), 'utf8');
}

async function sessionWithBlobOutput(
  blobs: SqliteBlobStore,
  bytes: Buffer,
): Promise<SessionEvent[]> {
  const stored = await blobs.put('default', Readable.from([bytes]), {
    mediaType: MEDIA_TYPE,
    sessionKey: 's1',
  });
  return [
    messageRecorded({
      id: 'm1',
      sessionId: 's1',
      kind: 'tool_call',
      role: 'assistant',
      createdAt: '2026-04-08T09:00:00Z',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'Bash',
          input: { command: 'cat app.log' },
        },
      ],
    }),
    messageRecorded({
      id: 'm2',
      sessionId: 's1',
      kind: 'tool_result',
      role: 'tool',
      createdAt: '2026-04-08T09:00:01Z',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'Bash',
          output: {
            type: 'blob',
            as: 'text',
            blob: {
              sha256: stored.sha256,
              size: stored.size,
              mediaType: MEDIA_TYPE,
              preview: blobPreview(bytes, MEDIA_TYPE),
              textLength: bytes.length,
            },
          },
        },
      ],
    }),
  ];
}

async function searchAfterProjecting(
  events: SessionEvent[],
  searchBlobText: SearchBlobText,
  queries: string[],
): Promise<Record<string, string[]>> {
  const store = new SqliteEventStore({ path: ':memory:' });
  const db = openReadModelDatabase(':memory:');
  const runner = new ProjectionRunner({
    store,
    db,
    handlers: createReadModelHandlers(db, { searchBlobText }),
  });
  try {
    await appendSessionEvents(store, 's1', events);
    await runner.catchUp();
    const reader = new SearchReader(db);
    return Object.fromEntries(
      queries.map((query) => [
        query,
        reader.search({ query }).results.map((result) => result.messageId),
      ]),
    );
  } finally {
    await runner.stop();
    await store.close();
    db.close();
  }
}

describe('search indexes the text of a blob output up to SEARCH_BLOB_TEXT_BYTES', () => {
  let blobs: SqliteBlobStore;
  beforeEach(() => {
    blobs = new SqliteBlobStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await blobs.close();
  });

  it('finds a word deep inside a 1 MB output within the cap, and not one past it', async () => {
    const events = await sessionWithBlobOutput(blobs, bigOutput());
    const reads: Array<{ start: number; end: number } | undefined> = [];
    const counting: Pick<BlobStore, 'read'> = {
      read: (tenant, sha256, range) => {
        reads.push(range);
        return blobs.read(tenant, sha256, range);
      },
    };
    expect(
      await searchAfterProjecting(events, { blobs: counting, maxBytes: CAP }, [
        'zanzibarquota',
        'xylophonelimit',
        'served',
      ]),
    ).toEqual({ zanzibarquota: ['m2'], xylophonelimit: [], served: ['m2'] });
    // One range read of the head, never the whole blob.
    expect(reads).toEqual([{ start: 0, end: CAP - 1 }]);
  });

  it('indexes the preview only, and says so, when the blob store cannot be read', async () => {
    const events = await sessionWithBlobOutput(blobs, bigOutput());
    const unreadable: string[] = [];
    const broken: Pick<BlobStore, 'read'> = {
      read: () => {
        throw new Error('blob file unavailable');
      },
    };
    expect(
      await searchAfterProjecting(
        events,
        { blobs: broken, maxBytes: CAP, onUnreadable: (sha256) => unreadable.push(sha256) },
        ['zanzibarquota', 'served'],
      ),
    ).toEqual({ zanzibarquota: [], served: ['m2'] });
    expect(unreadable).toHaveLength(1);
  });

  it('finds words inside a long user text and a large tool-input string kept as blobs', async () => {
    const bytes = bigOutput();
    const stored = await blobs.put('default', Readable.from([bytes]), {
      mediaType: MEDIA_TYPE,
      sessionKey: 's1',
    });
    const blob = {
      sha256: stored.sha256,
      size: stored.size,
      mediaType: MEDIA_TYPE,
      preview: blobPreview(bytes, MEDIA_TYPE),
      textLength: bytes.length,
    };
    const events = [
      messageRecorded({
        id: 'u1',
        sessionId: 's1',
        kind: 'user_input',
        role: 'user',
        createdAt: '2026-04-08T09:00:00Z',
        content: [{ type: 'text', text: blob.preview, blob }],
      }),
      messageRecorded({
        id: 'c1',
        sessionId: 's1',
        kind: 'tool_call',
        role: 'assistant',
        createdAt: '2026-04-08T09:00:01Z',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call1',
            toolName: 'Write',
            input: { file_path: 'app.log', content: blob.preview },
            inputBlobs: [{ path: ['content'], blob }],
          },
        ],
      }),
    ];
    expect(
      await searchAfterProjecting(events, { blobs, maxBytes: CAP }, [
        'zanzibarquota',
        'xylophonelimit',
      ]),
    ).toEqual({ zanzibarquota: ['u1', 'c1'], xylophonelimit: [] });
  });
});
