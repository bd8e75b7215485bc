import { BLOB_PREVIEW_BYTES, blobPreview, type BlobStore } from '@agent-ledger/blobs';
import { WrongExpectedRevisionError, type EventStore } from '@agent-ledger/event-store';
import { sessionKeyOf, sessionStreamName, type ClaudeCodeEntryBlob } from '@agent-ledger/events';
import {
  claudeCodeSourceOfEntries,
  importClaudeCode,
  largeEntryStrings,
  newClaudeCodeEntries,
  withEntryStrings,
  type ClaudeCodeEntryBatch,
} from '@agent-ledger/interchange';
import type { JsonObject } from '@agent-ledger/messages';
import { runImportPlan, type ImportBlobStorage, type ImportHistoryResult } from './run-import-plan';
import {
  OPEN_WRITER,
  type SessionCommandRunner,
  type SessionWriter,
} from './session-command-runner';

/** A batch of a Claude Agent SDK session's transcript entries to keep. */
export interface ClaudeCodeEntriesRequest {
  sessionId: string;
  projectKey: string;
  subpath?: string;
  entries: JsonObject[];
  subjectId?: string;
}

/** What keeping a batch did: the entries kept (retries left out) and what the mapping appended. */
export interface ClaudeCodeEntriesResult {
  kept: number;
  mapping: ImportHistoryResult;
}

const MAX_ATTEMPTS = 5;

/**
 * Keeps a batch of raw transcript entries in the session's stream (`ClaudeCodeEntriesRecorded`,
 * those already kept left out by `uuid`, appended at the revision they were read at, read again
 * on a race), then maps every kept entry through the Claude Code importer into the session's
 * runtime messages (and a sub-agent's session for each subpath), as an import of the same files
 * would: the raw entries and the runtime messages are one truth. The mapping runs after each
 * batch, even one that kept nothing: a retry after a crash between the two appends completes it.
 *
 * With `blobStorage`, each string of an entry above its threshold (a 5 MB tool result) is stored
 * as a blob of the tenant first and kept in the event as `''` with its place and reference in the
 * event's side table (`ClaudeCodeEntriesRecorded.blobs`); reading the entries puts it back. The
 * mapped runtime messages keep their large tool outputs as blobs too.
 */
export async function recordClaudeCodeEntries(
  request: ClaudeCodeEntriesRequest,
  runner: SessionCommandRunner,
  store: EventStore,
  writer: SessionWriter = OPEN_WRITER,
  blobStorage?: ImportBlobStorage,
): Promise<ClaudeCodeEntriesResult> {
  const { sessionId, projectKey, subpath, subjectId } = request;
  const sessionKey = sessionKeyOf(writer.tenant, sessionId);
  for (let attempt = 1; ; attempt += 1) {
    const { batches, revision } = await readClaudeCodeEntries(
      store,
      sessionId,
      writer,
      blobStorage?.blobs,
    );
    const kept = batches.filter((batch) => batch.subpath === subpath).flatMap((b) => b.entries);
    const entries = newClaudeCodeEntries(kept, request.entries);
    try {
      if (entries.length > 0) {
        const large =
          blobStorage === undefined ? [] : largeEntryStrings(entries, blobStorage.thresholdBytes);
        const blobs: ClaudeCodeEntryBlob[] = [];
        for (const { entry, path, value } of large) {
          // blobStorage is defined whenever `large` is not empty.
          if (blobStorage === undefined) break;
          const blob = await storeEntryString(value, blobStorage.blobs, writer.tenant, sessionKey);
          blobs.push({ entry, path, blob });
        }
        await runner.run(
          {
            type: 'RecordClaudeCodeEntries',
            sessionId,
            projectKey,
            ...(subpath === undefined ? {} : { subpath }),
            ...(subjectId === undefined ? {} : { subjectId }),
            entries: withEntryStrings(
              entries,
              large.map(({ entry, path }) => ({ entry, path, value: '' })),
            ),
            ...(blobs.length === 0 ? {} : { blobs }),
          },
          revision,
          writer,
        );
      }
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    const all = [
      ...batches,
      ...(entries.length === 0 ? [] : [{ ...(subpath === undefined ? {} : { subpath }), entries }]),
    ];
    const plan = importClaudeCode(claudeCodeSourceOfEntries(sessionId, all), { sessionId });
    const mapping = await runImportPlan(plan, runner, store, writer, subjectId, blobStorage);
    return { kept: entries.length, mapping };
  }
}

/**
 * A session's kept entries, in order, with the stream's revision (-1: no stream). With `blobs`,
 * the strings kept as blobs are put back (each read whole: an entry is given back as it was
 * posted); without, they stay `''`.
 */
export async function readClaudeCodeEntries(
  store: EventStore,
  sessionId: string,
  writer: SessionWriter = OPEN_WRITER,
  blobs?: BlobStore,
): Promise<{ batches: ClaudeCodeEntryBatch[]; revision: number; projectKey?: string }> {
  const stream = sessionStreamName(sessionKeyOf(writer.tenant, sessionId));
  const revision = await store.getStreamRevision(stream);
  if (revision === undefined) return { batches: [], revision: -1 };
  const batches: ClaudeCodeEntryBatch[] = [];
  let projectKey: string | undefined;
  for await (const recorded of store.readStream(stream, { types: ['ClaudeCodeEntriesRecorded'] })) {
    const data = recorded.data as {
      projectKey?: unknown;
      subpath?: unknown;
      entries?: unknown;
      blobs?: unknown;
    };
    if (!Array.isArray(data.entries)) continue;
    if (typeof data.projectKey === 'string') projectKey ??= data.projectKey;
    const entries = data.entries as JsonObject[];
    batches.push({
      ...(typeof data.subpath === 'string' ? { subpath: data.subpath } : {}),
      entries:
        blobs === undefined || !Array.isArray(data.blobs)
          ? entries
          : await restoredEntries(entries, data.blobs.filter(isEntryBlob), blobs, writer.tenant),
    });
  }
  return projectKey === undefined ? { batches, revision } : { batches, revision, projectKey };
}

/** The entries with their blob strings read back. */
async function restoredEntries(
  entries: JsonObject[],
  stored: readonly ClaudeCodeEntryBlob[],
  blobs: BlobStore,
  tenant: string,
): Promise<JsonObject[]> {
  const strings = [];
  for (const { entry, path, blob } of stored) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of blobs.read(tenant, blob.sha256)) chunks.push(chunk);
    strings.push({ entry, path, value: Buffer.concat(chunks).toString('utf8') });
  }
  return withEntryStrings(entries, strings);
}

/** Characters of a string encoded per chunk handed to the store. */
const CHUNK_CHARS = 1024 * 1024;

/** Stores a string of an entry as a UTF-8 text blob with the session's reference. */
async function storeEntryString(
  text: string,
  blobs: BlobStore,
  tenant: string,
  sessionKey: string,
): Promise<ClaudeCodeEntryBlob['blob']> {
  const mediaType = 'text/plain; charset=utf-8';
  // The port takes an async iterable; the chunks are made as they are asked for.
  // eslint-disable-next-line @typescript-eslint/require-await
  async function* utf8Chunks(): AsyncIterable<Uint8Array> {
    for (let start = 0; start < text.length;) {
      let end = Math.min(text.length, start + CHUNK_CHARS);
      const last = text.charCodeAt(end - 1);
      // Never split a surrogate pair between two chunks.
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      yield Buffer.from(text.slice(start, end), 'utf8');
      start = end;
    }
  }
  const { sha256, size } = await blobs.put(tenant, utf8Chunks(), { mediaType, sessionKey });
  return {
    sha256,
    size,
    mediaType,
    preview: blobPreview(Buffer.from(text.slice(0, BLOB_PREVIEW_BYTES), 'utf8'), mediaType),
    textLength: text.length,
  };
}

/** A side-table row as the event schema has it (the store checked it when it was appended). */
function isEntryBlob(value: unknown): value is ClaudeCodeEntryBlob {
  if (typeof value !== 'object' || value === null) return false;
  const { entry, path, blob } = value as Record<string, unknown>;
  return (
    typeof entry === 'number' &&
    Array.isArray(path) &&
    path.every((step) => typeof step === 'string' || typeof step === 'number') &&
    typeof blob === 'object' &&
    blob !== null &&
    typeof (blob as Record<string, unknown>).sha256 === 'string'
  );
}
