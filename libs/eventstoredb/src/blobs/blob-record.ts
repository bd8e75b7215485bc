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
 * blob, the sessions that refer to it and let it go, its erasure (after which its key is
 * destroyed and its streams deleted), and the uploads of these bytes that were not kept. A
 * reference with `uploadedAt` is provisional (an upload no message refers to yet, dated for the
 * sweep); one without is lasting.
 */
export type BlobRecordEvent =
  | { type: 'BlobStored'; data: BlobContent & { sessionKey?: string; uploadedAt?: string } }
  | { type: 'BlobReferenced'; data: { sessionKey: string; uploadedAt?: string } }
  | { type: 'BlobReleased'; data: { sessionKey: string } }
  | { type: 'BlobErased'; data: { uploadId: string } }
  | { type: 'BlobUploadDiscarded'; data: { uploadId: string } };

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
  /** The sessions of `sessions` whose reference is provisional, with when they uploaded. */
  provisional: ReadonlyMap<string, string>;
  /**
   * Uploads of these bytes that will never be the blob: duplicates, and uploads the sweep took
   * as unfinished (a put whose upload is here must not commit it).
   */
  discardedUploads: ReadonlySet<string>;
}

/** The record of a stream with no events. */
export const ABSENT_BLOB_RECORD: BlobRecord = {
  revision: 'no_stream',
  state: 'absent',
  content: undefined,
  sessions: new Set(),
  provisional: new Map(),
  discardedUploads: new Set(),
};

/**
 * Folds one event into a blob's record. Total: an event of an unknown type or shape is skipped
 * (its revision counted); a second `BlobStored` of a blob already stored (two puts that raced)
 * only adds its session, the first upload stays the blob's. A lasting reference confirms a
 * provisional one; a provisional one never demotes a lasting one.
 */
export function evolveBlobRecord(record: BlobRecord, revision: number, event: unknown): BlobRecord {
  const parsed = parseBlobRecordEvent(event);
  const next = { ...record, revision };
  if (parsed === undefined) return next;
  switch (parsed.type) {
    case 'BlobStored': {
      const { sessionKey, uploadedAt, ...content } = parsed.data;
      const base: BlobRecord =
        record.state === 'stored'
          ? next
          : { ...next, state: 'stored', content, sessions: new Set(), provisional: new Map() };
      return sessionKey === undefined ? base : withReference(base, sessionKey, uploadedAt);
    }
    case 'BlobReferenced':
      return withReference(next, parsed.data.sessionKey, parsed.data.uploadedAt);
    case 'BlobReleased': {
      const sessions = new Set(record.sessions);
      sessions.delete(parsed.data.sessionKey);
      const provisional = new Map(record.provisional);
      provisional.delete(parsed.data.sessionKey);
      return { ...next, sessions, provisional };
    }
    case 'BlobErased':
      return { ...next, state: 'erasing', sessions: new Set(), provisional: new Map() };
    case 'BlobUploadDiscarded':
      return {
        ...next,
        discardedUploads: new Set([...record.discardedUploads, parsed.data.uploadId]),
      };
    default: {
      const unreachable: never = parsed;
      return unreachable;
    }
  }
}

/** The record with the session's reference: lasting without `uploadedAt`, else provisional. */
function withReference(
  record: BlobRecord,
  sessionKey: string,
  uploadedAt: string | undefined,
): BlobRecord {
  const held = record.sessions.has(sessionKey) && !record.provisional.has(sessionKey);
  const provisional = new Map(record.provisional);
  if (uploadedAt === undefined) provisional.delete(sessionKey);
  else if (!held) provisional.set(sessionKey, uploadedAt);
  return { ...record, sessions: new Set([...record.sessions, sessionKey]), provisional };
}

/** A stored event as a `BlobRecordEvent`, or `undefined` when it is not one. */
export function parseBlobRecordEvent(event: unknown): BlobRecordEvent | undefined {
  if (!isRecord(event) || !isRecord(event['data'])) return undefined;
  const data = event['data'];
  switch (event['type']) {
    case 'BlobStored': {
      const content = contentOf(data);
      if (content === undefined) return undefined;
      const { sessionKey, uploadedAt } = data;
      if (sessionKey !== undefined && typeof sessionKey !== 'string') return undefined;
      if (uploadedAt !== undefined && typeof uploadedAt !== 'string') return undefined;
      return {
        type: 'BlobStored',
        data: {
          ...content,
          ...(sessionKey === undefined ? {} : { sessionKey }),
          ...(sessionKey === undefined || uploadedAt === undefined ? {} : { uploadedAt }),
        },
      };
    }
    case 'BlobReferenced': {
      const { sessionKey, uploadedAt } = data;
      if (typeof sessionKey !== 'string') return undefined;
      if (uploadedAt !== undefined && typeof uploadedAt !== 'string') return undefined;
      return {
        type: 'BlobReferenced',
        data: uploadedAt === undefined ? { sessionKey } : { sessionKey, uploadedAt },
      };
    }
    case 'BlobReleased': {
      const sessionKey = data['sessionKey'];
      return typeof sessionKey === 'string'
        ? { type: 'BlobReleased', data: { sessionKey } }
        : undefined;
    }
    case 'BlobErased':
    case 'BlobUploadDiscarded': {
      const uploadId = data['uploadId'];
      return typeof uploadId === 'string' ? { type: event['type'], data: { uploadId } } : undefined;
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
