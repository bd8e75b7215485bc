/** Where one blob's bytes are: an upload's chunk stream, sealed under that upload's key. */
export interface BlobContent {
  uploadId: string;
  keyId: string;
  size: number;
  mediaType: string;
  chunkSize: number;
  chunkCount: number;
}

/**
 * The events of a blob's record stream (JSON, no content): the commit that makes an upload the
 * blob, the sessions that refer to it and let it go, and its erasure (after which its key is
 * destroyed and its streams deleted).
 */
export type BlobRecordEvent =
  | { type: 'BlobStored'; data: BlobContent & { sessionKey?: string } }
  | { type: 'BlobReferenced'; data: { sessionKey: string } }
  | { type: 'BlobReleased'; data: { sessionKey: string } }
  | { type: 'BlobErased'; data: { uploadId: string } };

/**
 * A blob's record folded from its stream: `absent` (no stream, or a stream whose blob was erased
 * and cleaned up), `stored` (served), or `erasing` (erased, its key and streams maybe not gone
 * yet: never served, and the next writer finishes the clean-up).
 */
export interface BlobRecord {
  /** Revision of the last event read, or `'no_stream'`. */
  revision: number | 'no_stream';
  state: 'absent' | 'stored' | 'erasing';
  content: BlobContent | undefined;
  sessions: ReadonlySet<string>;
}

/** The record of a stream with no events. */
export const ABSENT_BLOB_RECORD: BlobRecord = {
  revision: 'no_stream',
  state: 'absent',
  content: undefined,
  sessions: new Set(),
};

/**
 * Folds one event into a blob's record. Total: an event of an unknown type or shape is skipped
 * (its revision counted); a second `BlobStored` of a blob already stored (two puts that raced)
 * only adds its session, the first upload stays the blob's.
 */
export function evolveBlobRecord(record: BlobRecord, revision: number, event: unknown): BlobRecord {
  const parsed = parseBlobRecordEvent(event);
  const next = { ...record, revision };
  if (parsed === undefined) return next;
  switch (parsed.type) {
    case 'BlobStored': {
      const { sessionKey, ...content } = parsed.data;
      const sessions = new Set(record.state === 'stored' ? record.sessions : []);
      if (sessionKey !== undefined) sessions.add(sessionKey);
      if (record.state === 'stored') return { ...next, sessions };
      return { revision, state: 'stored', content, sessions };
    }
    case 'BlobReferenced':
      return { ...next, sessions: new Set([...record.sessions, parsed.data.sessionKey]) };
    case 'BlobReleased': {
      const sessions = new Set(record.sessions);
      sessions.delete(parsed.data.sessionKey);
      return { ...next, sessions };
    }
    case 'BlobErased':
      return { ...next, state: 'erasing', sessions: new Set() };
    default: {
      const unreachable: never = parsed;
      return unreachable;
    }
  }
}

/** A stored event as a `BlobRecordEvent`, or `undefined` when it is not one. */
export function parseBlobRecordEvent(event: unknown): BlobRecordEvent | undefined {
  if (!isRecord(event) || !isRecord(event['data'])) return undefined;
  const data = event['data'];
  switch (event['type']) {
    case 'BlobStored': {
      const content = contentOf(data);
      if (content === undefined) return undefined;
      const sessionKey = data['sessionKey'];
      if (sessionKey !== undefined && typeof sessionKey !== 'string') return undefined;
      return {
        type: 'BlobStored',
        data: sessionKey === undefined ? content : { ...content, sessionKey },
      };
    }
    case 'BlobReferenced':
    case 'BlobReleased': {
      const sessionKey = data['sessionKey'];
      return typeof sessionKey === 'string'
        ? { type: event['type'], data: { sessionKey } }
        : undefined;
    }
    case 'BlobErased': {
      const uploadId = data['uploadId'];
      return typeof uploadId === 'string' ? { type: 'BlobErased', data: { uploadId } } : undefined;
    }
    default:
      return undefined;
  }
}

function contentOf(data: Record<string, unknown>): BlobContent | undefined {
  const { uploadId, keyId, size, mediaType, chunkSize, chunkCount } = data;
  if (typeof uploadId !== 'string' || typeof keyId !== 'string') return undefined;
  if (typeof mediaType !== 'string') return undefined;
  if (!isCount(size) || !isCount(chunkSize) || !isCount(chunkCount) || chunkSize === 0) {
    return undefined;
  }
  return { uploadId, keyId, size, mediaType, chunkSize, chunkCount };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
