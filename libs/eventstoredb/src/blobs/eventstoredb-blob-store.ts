import { createHash, createSecretKey, randomUUID } from 'node:crypto';
import {
  ANY,
  EventStoreDBClient,
  NO_STREAM,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type EventData,
} from '@eventstore/db-client';
import {
  BlobDigestMismatchError,
  BlobNotFoundError,
  BlobRangeNotSatisfiableError,
  BlobUploadCutOffError,
  InvalidBlobHashError,
  isSha256,
  type BlobStore,
  type ByteRange,
  type StoredBlob,
} from '@agent-ledger/blobs';
import type { ContentKeyStore } from '@agent-ledger/content-crypto';
import { mapEventStoreDbError } from '../map-eventstoredb-error';
import type { BlobContent, BlobRecord, BlobRecordEvent } from './blob-record';
import { blobStreamNames } from './blob-stream-names';
import type { BlobJournalEntry } from './blob-upload-journal';
import { readBlobChunks } from './read-blob-chunks';
import { readBlobRecord } from './read-blob-record';
import { BLOB_REFERENCE_RECORDED, readSessionBlobReferences } from './read-session-blob-references';
import { sweepBlobUploads, type BlobSweepOperations } from './sweep-blob-uploads';
import { writeBlobUpload } from './write-blob-upload';

/** Options of {@link EventStoreDbBlobStore}. */
export interface EventStoreDbBlobStoreOptions {
  /** The event store's connection string (`EVENTSTORE_CONNECTION_STRING`). */
  connectionString: string;
  /** Where each upload's data key is kept, outside the log; destroying it erases the blob. */
  keys: ContentKeyStore;
  /** Bytes per chunk event, under the server's `MaxAppendSize` (1 MiB by default). Default 512 KiB. */
  chunkSize?: number;
  /** Chunks asked of the server per read call. Default 4. */
  chunksPerRead?: number;
  /** The clock that dates uploads and provisional references for the sweep. Default `new Date()`. */
  now?: () => Date;
}

/** Default bytes per chunk event: with its 28 bytes of IV and tag, half the default append limit. */
export const DEFAULT_ESDB_BLOB_CHUNK_SIZE = 512 * 1024;

/** Tries of a record write that lost a race (another writer appended first) before giving up. */
const RECORD_WRITE_ATTEMPTS = 50;

/** A session's reference a put or `addReference` records: provisional when dated. */
interface ReferenceToRecord {
  sessionKey: string;
  /** When the upload was made, for a provisional reference; absent for a lasting one. */
  uploadedAt?: string;
}

/**
 * The blob store on EventStoreDB, beside the event store, with no other infrastructure. A put
 * streams its bytes into a chunk stream of its own upload (`ledger-blobchunks-<uploadId>`), one
 * event per chunk, each sealed (AES-256-GCM) under the upload's data key from the content key
 * store; once every chunk is written, a `BlobStored` event in the blob's record stream (per tenant
 * and SHA-256, no content) makes the upload the blob: before it, nothing serves the chunks, and a
 * crashed put leaves only chunks no record names, under a key nothing reads. The same bytes put
 * again in the tenant are not kept a second time (the new upload's key is destroyed, its stream
 * deleted). A session's references are listed in a stream of its own, written before the record
 * names the session, so that its erasure finds every blob it holds.
 *
 * Erasure: when the last session that refers to a blob releases it, `BlobErased` is appended to
 * the record, then the upload's key is destroyed (its chunks, which EventStoreDB keeps until a
 * scavenge and in archives forever, can no longer be opened anywhere), then the chunk stream is
 * tombstoned and the record soft-deleted. Each step is idempotent; an erasure interrupted after
 * `BlobErased` is finished by the next release or put of the blob, and the record is never served
 * in between. Writes to a record carry its expected revision, so several nodes agree.
 *
 * Sweep (`collectUnreferenced`): every put journals its upload before its first chunk, and every
 * provisional reference (an HTTP upload no message refers to yet) before the record holds it, in
 * `ledger-blob-uploads`; a put marks its chunk stream finished (`BlobUploadFinished`) before it
 * commits. The sweep takes the uploads older than the cut-off that never became a blob, and drops
 * the provisional references older than it, erasing the blobs no session refers to any more; see
 * `sweepBlobUploads` for how a put or a reference that races with it wins or fails clearly.
 */
export class EventStoreDbBlobStore implements BlobStore {
  private readonly client: EventStoreDBClient;
  private readonly keys: ContentKeyStore;
  private readonly chunkSize: number;
  private readonly chunksPerRead: number;
  private readonly now: () => Date;

  constructor(options: EventStoreDbBlobStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.keys = options.keys;
    this.chunkSize = options.chunkSize ?? DEFAULT_ESDB_BLOB_CHUNK_SIZE;
    this.chunksPerRead = options.chunksPerRead ?? 4;
    this.now = options.now ?? (() => new Date());
  }

  async put(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    options: {
      mediaType: string;
      expectedSha256?: string;
      sessionKey?: string;
      provisional?: boolean;
    },
  ): Promise<StoredBlob> {
    const expected = options.expectedSha256;
    if (expected !== undefined && !isSha256(expected)) throw new InvalidBlobHashError(expected);
    const sessionKey = options.sessionKey;
    const provisional = options.provisional === true;
    // Bytes the tenant already holds are only hashed (to check them), not written again.
    if (expected !== undefined && (await this.record(tenant, expected)).state === 'stored') {
      return this.putKnown(tenant, source, expected, sessionKey, provisional);
    }
    const uploadId = randomUUID();
    const chunkStream = blobStreamNames.chunks(uploadId);
    const key = await this.keys.currentKeyOf(chunkStream);
    // Journaled before the first chunk: a put cut off at any point is found by the sweep.
    await this.journal({
      type: 'BlobUploadStarted',
      data: { uploadId, startedAt: this.now().toISOString() },
    });
    let written: { sha256: string; size: number; chunkCount: number };
    try {
      written = await writeBlobUpload(this.client, source, {
        uploadId,
        tenant,
        key: createSecretKey(key.material),
        chunkSize: this.chunkSize,
        expectedSha256: expected,
      });
    } catch (error) {
      await this.discardUpload(uploadId);
      throw error;
    }
    const { sha256, size } = written;
    const content: BlobContent = {
      uploadId,
      keyId: key.id,
      size,
      mediaType: options.mediaType,
      chunkSize: this.chunkSize,
      chunkCount: written.chunkCount,
    };
    const reference =
      sessionKey === undefined
        ? undefined
        : await this.prepareReference(tenant, sha256, sessionKey, provisional);
    let created: boolean;
    try {
      created = await this.commit(tenant, sha256, content, reference);
    } catch (error) {
      if (error instanceof BlobUploadCutOffError) await this.discardUpload(uploadId);
      throw error;
    }
    if (!created) {
      await this.discardUpload(uploadId);
      // The put's last event is then a small one of the record, not a chunk: a subscription
      // following `ledger-blob-` streams passes the upload (the fold skips this type).
      await this.append(
        blobStreamNames.record(tenant, sha256),
        [jsonEvent({ type: 'BlobUploadDiscarded', data: { uploadId } })],
        ANY,
      );
    }
    return { sha256, size, created };
  }

  async stat(
    tenant: string,
    sha256: string,
  ): Promise<{ size: number; mediaType: string } | undefined> {
    const { state, content } = await this.record(tenant, sha256);
    if (state !== 'stored' || content === undefined) return undefined;
    return { size: content.size, mediaType: content.mediaType };
  }

  async *read(tenant: string, sha256: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const { state, content } = await this.record(tenant, sha256);
    if (state !== 'stored' || content === undefined) throw new BlobNotFoundError(sha256);
    const whole = { start: 0, end: content.size - 1 };
    const { start, end } = range ?? whole;
    if (range !== undefined && (start < 0 || start > end || end >= content.size)) {
      throw new BlobRangeNotSatisfiableError(content.size, range);
    }
    if (content.size === 0) return;
    const lookup = await this.keys.keyById(content.keyId);
    // The key destroyed: the blob was erased while this read began.
    if (lookup.state === 'destroyed') throw new BlobNotFoundError(sha256);
    yield* readBlobChunks(this.client, {
      sha256,
      content,
      key: createSecretKey(lookup.key.material),
      range: { start, end },
      chunksPerRead: this.chunksPerRead,
    });
  }

  /**
   * Records that a session refers to the blob, for good (a provisional reference of the session
   * becomes lasting). Written at the record's revision: against a sweep dropping the session's
   * provisional reference at the same time, either this comes first and the sweep leaves it, or
   * it comes after and adds the reference again; after the sweep erased the blob it is
   * `BlobNotFound`.
   */
  addReference(tenant: string, sha256: string, sessionKey: string): Promise<void> {
    return this.reference(tenant, sha256, { sessionKey });
  }

  /**
   * Drops the provisional references recorded before `uploadedBefore` and takes the uploads
   * started before it that never became a blob, erasing the blobs no session refers to any more
   * (`sweepBlobUploads`). Safe to run on several nodes at once. Answers the hashes erased.
   */
  collectUnreferenced(uploadedBefore: Date): Promise<string[]> {
    const operations: BlobSweepOperations = {
      client: this.client,
      record: (tenant, sha256) => this.record(tenant, sha256),
      tryAppendToRecord: (tenant, sha256, record, events) =>
        this.appendToRecord(tenant, sha256, record, 1, events, false),
      finishErasure: (tenant, sha256, record) => this.finishErasure(tenant, sha256, record),
      discardUpload: (uploadId) => this.discardUpload(uploadId),
      destroyUploadKey: async (uploadId) => {
        await this.keys.destroyKeysOf(blobStreamNames.chunks(uploadId));
      },
    };
    return sweepBlobUploads(operations, uploadedBefore);
  }

  async isReferencedBy(tenant: string, sha256: string, sessionKey: string): Promise<boolean> {
    const record = await this.record(tenant, sha256);
    return record.state === 'stored' && record.sessions.has(sessionKey);
  }

  async releaseSession(tenant: string, sessionKey: string): Promise<string[]> {
    const listStream = blobStreamNames.references(tenant, sessionKey);
    const hashes = await readSessionBlobReferences(this.client, listStream);
    const gone: string[] = [];
    for (const sha256 of hashes) {
      if (await this.release(tenant, sha256, sessionKey)) gone.push(sha256);
    }
    // Last: an erasure that stops before this point finds the list again when it is run again.
    if (hashes.size > 0) await this.deleteQuietly(listStream, false, ANY);
    return gone;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** Drops the session's reference; erases the blob when it was the last. True when erased. */
  private async release(tenant: string, sha256: string, sessionKey: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      const record = await this.record(tenant, sha256);
      if (record.state === 'absent') return false;
      if (record.state === 'erasing') {
        await this.finishErasure(tenant, sha256, record);
        return true;
      }
      if (!record.sessions.has(sessionKey)) return false;
      const last = record.sessions.size === 1;
      const content = record.content;
      const events: BlobRecordEvent[] = [{ type: 'BlobReleased', data: { sessionKey } }];
      if (last && content !== undefined) {
        events.push({ type: 'BlobErased', data: { uploadId: content.uploadId } });
      }
      if (!(await this.appendToRecord(tenant, sha256, record, attempt, events))) continue;
      if (!last) return false;
      const revision = (typeof record.revision === 'number' ? record.revision : -1) + 2;
      await this.finishErasure(tenant, sha256, { ...record, revision, state: 'erasing' });
      return true;
    }
  }

  /**
   * The clean-up after `BlobErased`: the key first (what makes the chunks unreadable wherever
   * their bytes are), then the chunk stream, then the record (at its revision: a put that
   * recreated it since is left alone).
   */
  private async finishErasure(tenant: string, sha256: string, record: BlobRecord): Promise<void> {
    if (record.content !== undefined) await this.discardUpload(record.content.uploadId);
    const revision = record.revision === 'no_stream' ? ANY : BigInt(record.revision);
    await this.deleteQuietly(blobStreamNames.record(tenant, sha256), false, revision);
  }

  /**
   * Makes `content` the blob, or adds the session to the blob stored first. True when made.
   * `BlobUploadCutOff` when the sweep discarded the upload on the record first.
   */
  private async commit(
    tenant: string,
    sha256: string,
    content: BlobContent,
    reference: ReferenceToRecord | undefined,
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      const record = await this.record(tenant, sha256);
      if (record.discardedUploads.has(content.uploadId)) {
        throw new BlobUploadCutOffError(content.uploadId);
      }
      if (record.state === 'erasing') {
        await this.finishErasure(tenant, sha256, record);
        continue;
      }
      if (record.state === 'stored') {
        if (reference === undefined || !changesRecord(record, reference.sessionKey)) return false;
        const event: BlobRecordEvent = { type: 'BlobReferenced', data: { ...reference } };
        if (await this.appendToRecord(tenant, sha256, record, attempt, [event])) return false;
        continue;
      }
      const event: BlobRecordEvent = { type: 'BlobStored', data: { ...content, ...reference } };
      if (await this.appendToRecord(tenant, sha256, record, attempt, [event])) return true;
    }
  }

  /** Hashes the bytes of a blob the tenant holds, and checks them: nothing is written. */
  private async putKnown(
    tenant: string,
    source: AsyncIterable<Uint8Array>,
    expected: string,
    sessionKey: string | undefined,
    provisional: boolean,
  ): Promise<StoredBlob> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const piece of source) {
      hash.update(piece);
      size += piece.byteLength;
    }
    const sha256 = hash.digest('hex');
    if (sha256 !== expected) throw new BlobDigestMismatchError(expected, sha256);
    if (sessionKey !== undefined) {
      const uploadedAt = provisional ? this.now().toISOString() : undefined;
      await this.reference(tenant, sha256, {
        sessionKey,
        ...(uploadedAt === undefined ? {} : { uploadedAt }),
      });
    }
    return { sha256, size, created: false };
  }

  /**
   * Records a session's reference to a stored blob, at the record's revision: listed in the
   * session's references (and journaled, when provisional) first.
   */
  private async reference(
    tenant: string,
    sha256: string,
    reference: ReferenceToRecord,
  ): Promise<void> {
    let prepared = false;
    for (let attempt = 1; ; attempt += 1) {
      const record = await this.record(tenant, sha256);
      if (record.state !== 'stored') throw new BlobNotFoundError(sha256);
      if (!changesRecord(record, reference.sessionKey)) return;
      if (!prepared) {
        await this.listReference(tenant, reference.sessionKey, sha256);
        if (reference.uploadedAt !== undefined) {
          await this.journalProvisional(tenant, sha256, reference.sessionKey, reference.uploadedAt);
        }
      }
      prepared = true;
      const written = await this.appendToRecord(tenant, sha256, record, attempt, [
        { type: 'BlobReferenced', data: { ...reference } },
      ]);
      if (written) return;
    }
  }

  /** Lists (and journals, when provisional) a put's reference before its commit names it. */
  private async prepareReference(
    tenant: string,
    sha256: string,
    sessionKey: string,
    provisional: boolean,
  ): Promise<ReferenceToRecord> {
    await this.listReference(tenant, sessionKey, sha256);
    if (!provisional) return { sessionKey };
    const uploadedAt = this.now().toISOString();
    await this.journalProvisional(tenant, sha256, sessionKey, uploadedAt);
    return { sessionKey, uploadedAt };
  }

  private journalProvisional(
    tenant: string,
    sha256: string,
    sessionKey: string,
    uploadedAt: string,
  ): Promise<void> {
    return this.journal({
      type: 'BlobProvisionallyReferenced',
      data: { tenant, sha256, sessionKey, uploadedAt },
    });
  }

  private journal(entry: BlobJournalEntry): Promise<void> {
    return this.append(
      blobStreamNames.uploads,
      [jsonEvent({ type: entry.type, data: { ...entry.data } })],
      ANY,
    );
  }

  /** Destroys an upload's key, then tombstones its chunk stream (both idempotent). */
  private async discardUpload(uploadId: string): Promise<void> {
    const chunkStream = blobStreamNames.chunks(uploadId);
    await this.keys.destroyKeysOf(chunkStream);
    await this.deleteQuietly(chunkStream, true, ANY);
  }

  private record(tenant: string, sha256: string): Promise<BlobRecord> {
    return readBlobRecord(this.client, blobStreamNames.record(tenant, sha256));
  }

  /** Lists the blob in the session's references (before the record names the session). */
  private async listReference(tenant: string, sessionKey: string, sha256: string): Promise<void> {
    const streamName = blobStreamNames.references(tenant, sessionKey);
    await this.append(
      streamName,
      [jsonEvent({ type: BLOB_REFERENCE_RECORDED, data: { sha256 } })],
      ANY,
    );
  }

  /**
   * Appends to a blob's record at the revision it was read at. False when another writer came
   * first (the caller reads again), until `RECORD_WRITE_ATTEMPTS` tries (with `giveUp`; always
   * false without).
   */
  private async appendToRecord(
    tenant: string,
    sha256: string,
    record: BlobRecord,
    attempt: number,
    events: BlobRecordEvent[],
    giveUp = true,
  ): Promise<boolean> {
    const streamName = blobStreamNames.record(tenant, sha256);
    const expected = record.revision === 'no_stream' ? NO_STREAM : BigInt(record.revision);
    try {
      await this.client.appendToStream(
        streamName,
        events.map((event) => jsonEvent({ type: event.type, data: { ...event.data } })),
        { expectedRevision: expected },
      );
      return true;
    } catch (error) {
      if (
        error instanceof WrongExpectedVersionError &&
        (!giveUp || attempt < RECORD_WRITE_ATTEMPTS)
      ) {
        return false;
      }
      throw mapEventStoreDbError(error, { streamName, expectedRevision: 'any' });
    }
  }

  private async append(
    streamName: string,
    events: EventData[],
    expectedRevision: typeof ANY | typeof NO_STREAM | bigint,
  ): Promise<void> {
    try {
      await this.client.appendToStream(streamName, events, { expectedRevision });
    } catch (error) {
      throw mapEventStoreDbError(error, { streamName });
    }
  }

  /** Deletes a stream; one already gone, or written since `expectedRevision`, is left as it is. */
  private async deleteQuietly(
    streamName: string,
    hard: boolean,
    expectedRevision: typeof ANY | bigint,
  ): Promise<void> {
    try {
      if (hard) await this.client.tombstoneStream(streamName, { expectedRevision });
      else await this.client.deleteStream(streamName, { expectedRevision });
    } catch (error) {
      if (
        error instanceof StreamDeletedError ||
        error instanceof StreamNotFoundError ||
        error instanceof WrongExpectedVersionError
      ) {
        return;
      }
      throw mapEventStoreDbError(error, { streamName });
    }
  }
}

/** Whether recording the session's reference changes the record: a new or a provisional one. */
function changesRecord(record: BlobRecord, sessionKey: string): boolean {
  return !record.sessions.has(sessionKey) || record.provisional.has(sessionKey);
}
