import { parseRuntimeMessage } from '@agent-ledger/events';
import {
  isRuntimeMessageKind,
  type CompactBoundaryMessage,
  type RuntimeMessage,
} from '@agent-ledger/messages';
import { InvalidImportSourceError } from '../errors';
import type { ImportPlan } from '../import-plan';
import { ImportNotes } from '../internal/import-notes';
import { isRecord } from '../internal/json';
import { SessionPlan } from '../internal/session-plan';
import type { LedgerJsonlBlobHeader } from './ledger-jsonl-blob';

const SHA256 = /^[0-9a-f]{64}$/;

/** What `importLedgerJsonl` needs besides the lines. */
export interface LedgerJsonlImportOptions {
  /** The session the messages are imported into (each message's `sessionId` becomes it). */
  sessionId: string;
  /**
   * Keeps an included blob: `chunks` yields its bytes as the lines hold them, to be streamed to
   * the tenant's blob store and checked against `header.sha256` (a mismatch must throw). Called
   * before the plan holds any message that refers to the blob.
   */
  storeBlob(header: LedgerJsonlBlobHeader, chunks: AsyncIterable<Uint8Array>): Promise<void>;
}

/**
 * Reads the ledger's own JSONL export (`GET …/export?format=jsonl`, with `blobs=reference` or
 * `include`) into the write side's commands for `options.sessionId`. Message lines (a `kind`)
 * become runtime messages under their own ids, so importing the same export twice appends
 * nothing; a compact boundary and the summary naming it become one compaction. Blob lines
 * (`type: 'blob'` and its `blob-chunk`s) are handed to `options.storeBlob` as they are read, one
 * line at a time; a message referring to a blob neither included nor held by the tenant is
 * refused by the write side (`UnknownBlob`, naming the sha256). Model calls, which the export does
 * not carry, are not recreated.
 */
export async function importLedgerJsonl(
  lines: AsyncIterable<string> | Iterable<string>,
  options: LedgerJsonlImportOptions,
): Promise<ImportPlan> {
  const notes = new ImportNotes();
  const plan = new SessionPlan(options.sessionId, notes);
  let records = 0;
  let pendingBoundary: CompactBoundaryMessage | undefined;
  const flushBoundary = () => {
    if (pendingBoundary === undefined) return;
    plan.append([pendingBoundary]);
    pendingBoundary = undefined;
  };
  const iterator = toAsyncIterator(lines);
  let lineNumber = 0;
  const next = async (): Promise<{ line: number; value: Record<string, unknown> } | undefined> => {
    for (;;) {
      const step = await iterator.next();
      if (step.done === true) return undefined;
      lineNumber += 1;
      const trimmed = step.value.trim();
      if (trimmed === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch {
        throw new InvalidImportSourceError(
          'not JSON; expected one JSON object a line',
          `line ${lineNumber}`,
        );
      }
      if (!isRecord(value)) {
        throw new InvalidImportSourceError('not a JSON object', `line ${lineNumber}`);
      }
      return { line: lineNumber, value };
    }
  };
  for (let record = await next(); record !== undefined; record = await next()) {
    records += 1;
    const { line, value } = record;
    if (value.type === 'blob' && !('kind' in value)) {
      const header = blobHeaderOf(value, line);
      await options.storeBlob(header, blobChunks(header, next));
      continue;
    }
    if (value.type === 'blob-chunk' && !('kind' in value)) {
      throw new InvalidImportSourceError(
        'a blob chunk without its blob header before it',
        `line ${line}`,
      );
    }
    const message = messageOf(value, line, options.sessionId);
    if (message.kind === 'compact_boundary') {
      flushBoundary();
      pendingBoundary = message;
      continue;
    }
    if (
      message.kind === 'compact_summary' &&
      pendingBoundary !== undefined &&
      message.metadata?.summaryForBoundaryId === pendingBoundary.id
    ) {
      plan.compaction(pendingBoundary, message);
      pendingBoundary = undefined;
      continue;
    }
    flushBoundary();
    plan.append([message]);
  }
  flushBoundary();
  return {
    sessions: [{ sessionId: options.sessionId, commands: plan.build() }],
    report: {
      format: 'jsonl',
      records,
      messages: plan.counts.messages,
      modelCalls: 0,
      compactions: plan.counts.compactions,
      prunedToolResults: 0,
      notes: notes.list(),
    },
  };
}

function blobHeaderOf(value: Record<string, unknown>, line: number): LedgerJsonlBlobHeader {
  const { sha256, size, mediaType, encoding } = value;
  if (
    typeof sha256 !== 'string' ||
    !SHA256.test(sha256) ||
    typeof size !== 'number' ||
    !Number.isSafeInteger(size) ||
    size < 0 ||
    typeof mediaType !== 'string' ||
    encoding !== 'base64'
  ) {
    throw new InvalidImportSourceError(
      'a blob header needs sha256 (64 lower-case hex digits), size (bytes), mediaType and encoding "base64"',
      `line ${line}`,
    );
  }
  return { type: 'blob', sha256, size, mediaType, encoding };
}

/** The bytes of the chunk lines after `header`, up to its size, each line read when asked for. */
async function* blobChunks(
  header: LedgerJsonlBlobHeader,
  next: () => Promise<{ line: number; value: Record<string, unknown> } | undefined>,
): AsyncGenerator<Uint8Array> {
  let received = 0;
  while (received < header.size) {
    const record = await next();
    if (record === undefined) {
      throw new InvalidImportSourceError(
        `blob ${header.sha256} ends after ${received} of its ${header.size} bytes`,
        'end of the source',
      );
    }
    const { line, value } = record;
    if (
      value.type !== 'blob-chunk' ||
      value.sha256 !== header.sha256 ||
      typeof value.data !== 'string'
    ) {
      throw new InvalidImportSourceError(
        `expected a blob-chunk line of blob ${header.sha256} (${received} of its ${header.size} bytes read)`,
        `line ${line}`,
      );
    }
    const bytes = Buffer.from(value.data, 'base64');
    received += bytes.length;
    if (received > header.size) {
      throw new InvalidImportSourceError(
        `blob ${header.sha256} holds more than the ${header.size} bytes its header says`,
        `line ${line}`,
      );
    }
    yield bytes;
  }
}

function messageOf(
  value: Record<string, unknown>,
  line: number,
  sessionId: string,
): RuntimeMessage {
  if (!isRuntimeMessageKind(value.kind)) {
    throw new InvalidImportSourceError(
      'neither a runtime message (a known `kind`) nor a blob line (`type: "blob"` or "blob-chunk")',
      `line ${line}`,
    );
  }
  const parsed = parseRuntimeMessage({ ...value, sessionId });
  if (!parsed.ok) throw new InvalidImportSourceError(parsed.errors.join('; '), `line ${line}`);
  return parsed.message;
}

function toAsyncIterator<T>(
  source: AsyncIterable<T> | Iterable<T>,
): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in source
    ? source[Symbol.asyncIterator]()
    : source[Symbol.iterator]();
}
