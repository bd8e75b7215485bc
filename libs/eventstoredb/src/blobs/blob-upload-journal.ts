import {
  FORWARDS,
  START,
  StreamNotFoundError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { mapEventStoreDbError } from '../map-eventstoredb-error';

/**
 * The events of the upload journal (`ledger-blob-uploads`, JSON, no content): a put that starts
 * writing chunks, and a provisional reference (an upload no message refers to yet), each written
 * before what it announces, so that the sweep finds every upload that could be left behind.
 */
export type BlobJournalEntry =
  | { type: 'BlobUploadStarted'; data: { uploadId: string; startedAt: string } }
  | {
      type: 'BlobProvisionallyReferenced';
      data: { tenant: string; sha256: string; sessionKey: string; uploadedAt: string };
    };

/** The journal's entries, after its truncation, each with its revision. */
export interface BlobJournal {
  entries: Array<{ revision: number; entry: BlobJournalEntry }>;
  /** The revision after the last event read (entries of another shape included); 0 when none. */
  nextRevision: number;
  /** The revision of the first event read, or `undefined` when none was. */
  firstRevision: number | undefined;
}

/** Reads the journal stream whole (what its `$tb` keeps); an absent stream is an empty journal. */
export async function readBlobUploadJournal(
  client: EventStoreDBClient,
  streamName: string,
): Promise<BlobJournal> {
  const journal: BlobJournal = { entries: [], nextRevision: 0, firstRevision: undefined };
  const read = client.readStream(streamName, { direction: FORWARDS, fromRevision: START });
  try {
    for await (const resolved of read) {
      const event = resolved.event;
      if (event === undefined) continue;
      const revision = Number(event.revision);
      journal.firstRevision ??= revision;
      journal.nextRevision = revision + 1;
      const entry = parseBlobJournalEntry(event.type, event.data);
      if (entry !== undefined) journal.entries.push({ revision, entry });
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return journal;
    throw mapEventStoreDbError(error, { streamName });
  }
  return journal;
}

/** A stored event as a journal entry, or `undefined` when it is not one. */
export function parseBlobJournalEntry(type: string, data: unknown): BlobJournalEntry | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const fields = new Map<string, unknown>(Object.entries(data));
  const text = (name: string): string | undefined => {
    const value = fields.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  if (type === 'BlobUploadStarted') {
    const uploadId = text('uploadId');
    const startedAt = text('startedAt');
    if (uploadId === undefined || startedAt === undefined) return undefined;
    return { type, data: { uploadId, startedAt } };
  }
  if (type === 'BlobProvisionallyReferenced') {
    const tenant = text('tenant');
    const sha256 = text('sha256');
    const sessionKey = text('sessionKey');
    const uploadedAt = text('uploadedAt');
    if (tenant === undefined || sha256 === undefined) return undefined;
    if (sessionKey === undefined || uploadedAt === undefined) return undefined;
    return { type, data: { tenant, sha256, sessionKey, uploadedAt } };
  }
  return undefined;
}
