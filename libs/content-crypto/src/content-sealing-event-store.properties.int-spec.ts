import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { SqliteEventStore, type RecordedEvent } from '@agent-ledger/event-store';
import { validateSessionEventPayload } from '@agent-ledger/events';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { ContentSealingEventStore, sealedAppendSizeLimit } from './content-sealing-event-store';
import { SqliteContentKeyStore } from './sqlite/sqlite-content-key-store';

/** Keys that hold content: none may be readable beside `sealed`, at any depth. */
const CONTENT_KEYS = new Set([
  'text',
  'input',
  'output',
  'value',
  'data',
  'image',
  'filename',
  'providerOptions',
  'providerMetadata',
  'reason',
  'signature',
  'inputSchemaInput',
  'summary',
  'extra',
  'tags',
  'raw',
]);

function contentKeysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => contentKeysIn(item, `${path}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(CONTENT_KEYS.has(key) ? [`${path}/${key}`] : []),
    ...contentKeysIn(inner, `${path}/${key}`),
  ]);
}

async function collect(items: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('ContentSealingEventStore, for every session history', () => {
  it('reads back exactly what was appended, and leaves no content readable in the log', async () => {
    const inner = new SqliteEventStore({
      path: ':memory:',
      maxAppendSize: sealedAppendSizeLimit(),
    });
    const store = new ContentSealingEventStore({
      inner,
      keys: new SqliteContentKeyStore({ path: ':memory:' }),
      validatePayload: validateSessionEventPayload,
      maxAppendSize: Number.MAX_SAFE_INTEGER,
    });
    try {
      await fc.assert(
        fc.asyncProperty(arbitrarySessionHistory({ maxSteps: 12 }), async (history) => {
          const stream = `session-${randomUUID()}`;
          const events = history.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: { schemaVersion: 1 },
          }));
          await store.append(stream, events);
          const read = await collect(store.readStream(stream));
          // The same JSON text: values and key order.
          expect(read.map((event) => JSON.stringify(event.data))).toEqual(
            events.map((event) => JSON.stringify(event.data)),
          );
          for (const stored of await collect(inner.readStream(stream))) {
            const { sealed, ...readable } = stored.data as { sealed: unknown };
            expect(sealed).toMatchObject({ v: 2 });
            expect(contentKeysIn(readable)).toEqual([]);
            // A message whose content is text keeps none of it readable.
            expect(typeof (readable as { content?: unknown }).content).not.toBe('string');
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      await store.close();
    }
  });
});
