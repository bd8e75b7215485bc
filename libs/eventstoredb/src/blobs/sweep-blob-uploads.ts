import {
  NO_STREAM,
  StreamDeletedError,
  WrongExpectedVersionError,
  jsonEvent,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { mapEventStoreDbError } from '../map-eventstoredb-error';
import type { BlobRecord, BlobRecordEvent } from './blob-record';
import { blobStreamNames } from './blob-stream-names';
import { readBlobUploadJournal, type BlobJournalEntry } from './blob-upload-journal';
import { readUploadState } from './read-upload-state';

/** What the sweep needs of the blob store it runs in. */
export interface BlobSweepOperations {
  client: EventStoreDBClient;
  /** The blob's record, folded from its stream. */
  record(tenant: string, sha256: string): Promise<BlobRecord>;
  /** Appends at the record's revision; false when another writer came first. */
  tryAppendToRecord(
    tenant: string,
    sha256: string,
    record: BlobRecord,
    events: BlobRecordEvent[],
  ): Promise<boolean>;
  /** Destroys an erased blob's key and deletes its streams (idempotent). */
  finishErasure(tenant: string, sha256: string, record: BlobRecord): Promise<void>;
  /** Destroys an upload's key, then tombstones its chunk stream (idempotent). */
  discardUpload(uploadId: string): Promise<void>;
  /** Destroys an upload's key only (idempotent). */
  destroyUploadKey(uploadId: string): Promise<void>;
}

/** Reads of a record that lost a race to another writer, per entry and sweep, before the next sweep. */
const ATTEMPTS_PER_ENTRY = 5;

/**
 * Event type of the journal event a sweep that wrote anything ends with: the streams it wrote
 * (chunk streams, metastreams) are not ones the read models follow, and a node whose read models
 * stop short of the head of `$all` reports itself behind; this one they follow (and skip). Not an
 * entry: the next sweep truncates the journal past it.
 */
export const BLOB_SWEEP_WROTE = 'BlobSweepWrote';

/** What one sweep did. */
interface SweepRun {
  /** The hashes of the blobs erased. */
  erased: string[];
  /** Whether it wrote to a chunk stream or a record. */
  wrote: boolean;
}

/**
 * One sweep of the upload journal, on every node alike: the uploads started before `cutOff` that
 * never became a blob (cut off mid-put: their chunk stream is tombstoned and their key
 * destroyed), and the provisional references recorded before `cutOff` that no message confirmed
 * (dropped with `BlobReleased`; the blob erased with `BlobErased` when it was the last
 * reference). Every write carries the expected revision it was decided on, so that a put or a
 * reference that moves first wins and the sweep leaves the entry to the next run:
 *
 * - a chunk stream is tombstoned at the revision of the last chunk read: the put's next chunk or
 *   finish mark then fails (`BlobUploadCutOff`), or the tombstone fails and nothing is taken;
 * - a finished upload that no record names is settled on the record, by `BlobUploadDiscarded` at
 *   the record's revision: the put's commit then refuses it, or the commit came first;
 * - a provisional reference is dropped at the record's revision: a reference a message made
 *   meanwhile wins (the release fails and the record is read again), and one made after
 *   `BlobErased` fails with `BlobNotFound`.
 *
 * The journal is then truncated (`$tb`) before its first entry not settled. Answers the hashes of
 * the blobs erased.
 */
export async function sweepBlobUploads(
  operations: BlobSweepOperations,
  cutOff: Date,
): Promise<string[]> {
  const journalStream = blobStreamNames.uploads;
  const journal = await readBlobUploadJournal(operations.client, journalStream);
  const run: SweepRun = { erased: [], wrote: false };
  let firstUnsettled: number | undefined;
  for (const { revision, entry } of journal.entries) {
    const settled = await settle(operations, entry, cutOff.getTime(), run);
    if (!settled) firstUnsettled ??= revision;
  }
  const truncateBefore = firstUnsettled ?? journal.nextRevision;
  if (journal.firstRevision !== undefined && truncateBefore > journal.firstRevision) {
    try {
      await operations.client.setStreamMetadata(journalStream, {
        truncateBefore,
      });
    } catch (error) {
      throw mapEventStoreDbError(error, { streamName: journalStream });
    }
  }
  if (run.wrote) {
    try {
      await operations.client.appendToStream(
        journalStream,
        jsonEvent({ type: BLOB_SWEEP_WROTE, data: { erased: run.erased.length } }),
      );
    } catch (error) {
      throw mapEventStoreDbError(error, { streamName: journalStream });
    }
  }
  return [...new Set(run.erased)];
}

/** Settles one journal entry when it is due; whether nothing is left to do for it. */
function settle(
  operations: BlobSweepOperations,
  entry: BlobJournalEntry,
  cutOff: number,
  run: SweepRun,
): Promise<boolean> {
  switch (entry.type) {
    case 'BlobUploadStarted':
      if (!(Date.parse(entry.data.startedAt) < cutOff)) return Promise.resolve(false);
      return settleUpload(operations, entry.data.uploadId, run);
    case 'BlobProvisionallyReferenced':
      if (!(Date.parse(entry.data.uploadedAt) < cutOff)) return Promise.resolve(false);
      return settleProvisional(operations, entry.data, cutOff, run);
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/** An upload older than the cut-off: left alone when it is a blob's, taken otherwise. */
async function settleUpload(
  operations: BlobSweepOperations,
  uploadId: string,
  run: SweepRun,
): Promise<boolean> {
  const chunkStream = blobStreamNames.chunks(uploadId);
  const state = await readUploadState(operations.client, chunkStream);
  switch (state.kind) {
    case 'deleted':
      // Tombstoned by the put itself (a duplicate) or a sweep stopped before the key.
      await operations.destroyUploadKey(uploadId);
      return true;
    case 'empty':
    case 'writing': {
      const expected = state.kind === 'empty' ? NO_STREAM : state.lastRevision;
      if (!(await tombstoneAt(operations.client, chunkStream, expected))) return false;
      run.wrote = true;
      await operations.destroyUploadKey(uploadId);
      return true;
    }
    case 'finished':
      return settleFinishedUpload(operations, uploadId, state, run);
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}

/** A finished upload: the blob's when its record names it; discarded on the record otherwise. */
async function settleFinishedUpload(
  operations: BlobSweepOperations,
  uploadId: string,
  { tenant, sha256 }: { tenant: string; sha256: string },
  run: SweepRun,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS_PER_ENTRY; attempt += 1) {
    const record = await operations.record(tenant, sha256);
    if (record.state === 'stored' && record.content?.uploadId === uploadId) return true;
    run.wrote = true;
    if (record.discardedUploads.has(uploadId)) {
      await operations.discardUpload(uploadId);
      return true;
    }
    if (record.state === 'erasing') {
      await operations.finishErasure(tenant, sha256, record);
      continue;
    }
    const discarded: BlobRecordEvent = { type: 'BlobUploadDiscarded', data: { uploadId } };
    if (await operations.tryAppendToRecord(tenant, sha256, record, [discarded])) {
      await operations.discardUpload(uploadId);
      return true;
    }
  }
  return false;
}

/** A provisional reference older than the cut-off that no message confirmed: dropped. */
async function settleProvisional(
  operations: BlobSweepOperations,
  { tenant, sha256, sessionKey }: { tenant: string; sha256: string; sessionKey: string },
  cutOff: number,
  run: SweepRun,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS_PER_ENTRY; attempt += 1) {
    const record = await operations.record(tenant, sha256);
    if (record.state === 'erasing') {
      run.wrote = true;
      await operations.finishErasure(tenant, sha256, record);
      return true;
    }
    const uploadedAt = record.provisional.get(sessionKey);
    if (record.state !== 'stored' || uploadedAt === undefined) return true;
    // Uploaded again since: the newer entry of the journal stands for it.
    if (!(Date.parse(uploadedAt) < cutOff)) return true;
    const last = record.sessions.size === 1 && record.sessions.has(sessionKey);
    const events: BlobRecordEvent[] = [{ type: 'BlobReleased', data: { sessionKey } }];
    if (last && record.content !== undefined) {
      events.push({ type: 'BlobErased', data: { uploadId: record.content.uploadId } });
    }
    if (!(await operations.tryAppendToRecord(tenant, sha256, record, events))) continue;
    run.wrote = true;
    if (events.length === 2) {
      const revision = (typeof record.revision === 'number' ? record.revision : -1) + 2;
      await operations.finishErasure(tenant, sha256, { ...record, revision, state: 'erasing' });
      run.erased.push(sha256);
    }
    return true;
  }
  return false;
}

/** Tombstones a stream at a revision; false when it was written since (it is then left). */
async function tombstoneAt(
  client: EventStoreDBClient,
  streamName: string,
  expectedRevision: typeof NO_STREAM | bigint,
): Promise<boolean> {
  try {
    await client.tombstoneStream(streamName, { expectedRevision });
    return true;
  } catch (error) {
    if (error instanceof StreamDeletedError) return true;
    if (error instanceof WrongExpectedVersionError) return false;
    throw mapEventStoreDbError(error, { streamName });
  }
}
