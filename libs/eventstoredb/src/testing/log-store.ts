import { checkCommit, type StreamFacts } from './check-commit';
import {
  METADATA_EVENT_TYPE,
  STREAM_DELETED_EVENT_TYPE,
  TOMBSTONE_REVISION,
  metastreamOf,
  type ExpectedVersion,
  type LogRecord,
  type ProposedEvent,
} from './log-record';
import { readMetadataRules } from './read-metadata-rules';
import { visibleRecords } from './visible-records';

export type AppendOutcome =
  | { kind: 'success'; lastRevision: number; position: number }
  | { kind: 'wrongExpectedVersion'; currentRevision: number }
  | { kind: 'streamDeleted' };

export type DeleteOutcome =
  | { kind: 'success'; position: number }
  | { kind: 'wrongExpectedVersion'; currentRevision: number }
  | { kind: 'streamDeleted' };

export type StreamReadOutcome =
  { kind: 'found'; records: LogRecord[] } | { kind: 'notFound' } | { kind: 'deleted' };

/** Where the first record goes: EventStoreDB's log starts with its own records, never at 0. */
const FIRST_POSITION = 1024;
/** Rough size of a prepare record's header, so positions advance like byte offsets. */
const RECORD_OVERHEAD = 88;
const TICKS_PER_MILLISECOND = 10_000n;

/**
 * The emulator's in-memory transaction log: one ordered list of records (`$all`), an index of
 * streams, the ids already committed (for idempotence) and the tombstoned streams. Writes are
 * synchronous, so each append is atomic and the log has a single writer, as EventStoreDB's has.
 */
export class LogStore {
  private readonly log: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  private readonly tombstones = new Set<string>();
  private readonly committedIds = new Map<string, { streamName: string; revision: number }>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = FIRST_POSITION;

  constructor(private readonly nowTicks: () => bigint = defaultNowTicks) {}

  /** Every record in `$all` order. */
  get records(): readonly LogRecord[] {
    return this.log;
  }

  /** Calls `listener` after every write; returns the unsubscribe function. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  append(streamName: string, expected: ExpectedVersion, events: ProposedEvent[]): AppendOutcome {
    const facts = this.factsOf(streamName);
    const decision = checkCommit(
      facts,
      expected,
      events.map((event) => event.eventId.toLowerCase()),
    );
    switch (decision.kind) {
      case 'deleted':
        return { kind: 'streamDeleted' };
      case 'wrongExpectedVersion':
        return decision;
      case 'idempotent': {
        const record = this.streams.get(streamName)?.[decision.lastRevision];
        return {
          kind: 'success',
          lastRevision: decision.lastRevision,
          position: record?.position ?? this.lastPosition(),
        };
      }
      case 'ok': {
        if (events.length === 0) {
          return {
            kind: 'success',
            lastRevision: facts.lastRevision,
            position: this.lastPosition(),
          };
        }
        const firstRevision = facts.lastRevision + 1;
        events.forEach((event, index) =>
          this.write(streamName, BigInt(firstRevision + index), event),
        );
        const lastPosition = this.lastPosition();
        if (decision.softUndelete) this.writeMetadata(streamName, { $tb: firstRevision });
        this.notify();
        return {
          kind: 'success',
          lastRevision: firstRevision + events.length - 1,
          position: lastPosition,
        };
      }
      default: {
        const unreachable: never = decision;
        return unreachable;
      }
    }
  }

  /** Soft delete: writes `$tb` = `long.MaxValue` to the metastream, keeping the rest. */
  softDelete(streamName: string, expected: ExpectedVersion): DeleteOutcome {
    const decision = checkCommit(this.factsOf(streamName), expected, []);
    if (decision.kind === 'deleted') return { kind: 'streamDeleted' };
    if (decision.kind === 'wrongExpectedVersion') return decision;
    this.writeMetadata(streamName, 'soft-delete');
    this.notify();
    return { kind: 'success', position: this.lastPosition() };
  }

  /** Hard delete: a `$streamDeleted` record; the stream can never be read or written again. */
  tombstone(streamName: string, expected: ExpectedVersion): DeleteOutcome {
    const decision = checkCommit(this.factsOf(streamName), expected, []);
    if (decision.kind === 'deleted') return { kind: 'streamDeleted' };
    if (decision.kind === 'wrongExpectedVersion') return decision;
    this.write(streamName, TOMBSTONE_REVISION, {
      eventId: crypto.randomUUID(),
      eventType: STREAM_DELETED_EVENT_TYPE,
      contentType: 'application/octet-stream',
      data: new Uint8Array(),
      customMetadata: new Uint8Array(),
    });
    this.tombstones.add(streamName);
    this.notify();
    return { kind: 'success', position: this.lastPosition() };
  }

  /** The events a stream read returns, after metadata rules; or why there are none. */
  readStream(streamName: string): StreamReadOutcome {
    if (this.isTombstoned(streamName)) return { kind: 'deleted' };
    const records = this.streams.get(streamName);
    if (records === undefined || records.length === 0) return { kind: 'notFound' };
    const rules = readMetadataRules(this.lastOf(metastreamOf(streamName))?.data);
    if (rules.softDeleted) return { kind: 'notFound' };
    return { kind: 'found', records: visibleRecords(records, rules, this.nowTicks()) };
  }

  private isTombstoned(streamName: string): boolean {
    if (this.tombstones.has(streamName)) return true;
    return streamName.startsWith('$$') && this.tombstones.has(streamName.slice(2));
  }

  private factsOf(streamName: string): StreamFacts {
    const records = this.streams.get(streamName) ?? [];
    const rules = readMetadataRules(this.lastOf(metastreamOf(streamName))?.data);
    return {
      streamName,
      lastRevision: records.length - 1,
      tombstoned: this.isTombstoned(streamName),
      softDeleted: rules.softDeleted,
      metastreamExists: (this.streams.get(metastreamOf(streamName))?.length ?? 0) > 0,
      eventIdAt: (revision) => records[revision]?.eventId,
      committed: (eventId) => this.committedIds.get(eventId),
    };
  }

  private lastOf(streamName: string): LogRecord | undefined {
    const records = this.streams.get(streamName);
    return records?.[records.length - 1];
  }

  private lastPosition(): number {
    return this.log[this.log.length - 1]?.position ?? 0;
  }

  /** Writes the metastream: either `$tb` replaced, or the soft-delete mark. */
  private writeMetadata(streamName: string, change: { $tb: number } | 'soft-delete'): void {
    const metastream = metastreamOf(streamName);
    const previous = parseObject(this.lastOf(metastream)?.data);
    delete previous.$tb;
    const json =
      change === 'soft-delete'
        ? withSoftDeleteMark(JSON.stringify(previous))
        : JSON.stringify({ ...previous, $tb: change.$tb });
    const records = this.streams.get(metastream) ?? [];
    this.write(metastream, BigInt(records.length), {
      eventId: crypto.randomUUID(),
      eventType: METADATA_EVENT_TYPE,
      contentType: 'application/json',
      data: Buffer.from(json, 'utf8'),
      customMetadata: new Uint8Array(),
    });
  }

  private write(streamName: string, revision: bigint, event: ProposedEvent): void {
    const record: LogRecord = {
      position: this.nextPosition,
      streamName,
      revision,
      eventId: event.eventId.toLowerCase(),
      eventType: event.eventType,
      contentType: event.contentType,
      data: event.data,
      customMetadata: event.customMetadata,
      createdTicks: this.nowTicks(),
    };
    this.nextPosition +=
      RECORD_OVERHEAD +
      Buffer.byteLength(streamName) +
      Buffer.byteLength(event.eventType) +
      event.data.length +
      event.customMetadata.length;
    this.log.push(record);
    if (revision === TOMBSTONE_REVISION) return;
    const records = this.streams.get(streamName) ?? [];
    records.push(record);
    this.streams.set(streamName, records);
    this.committedIds.set(record.eventId, { streamName, revision: Number(revision) });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function defaultNowTicks(): bigint {
  return BigInt(Date.now()) * TICKS_PER_MILLISECOND;
}

function parseObject(raw: Uint8Array | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...parsed }
      : {};
  } catch {
    return {};
  }
}

/** `long.MaxValue` cannot go through `JSON.stringify` exactly, so it is spliced into the text. */
function withSoftDeleteMark(json: string): string {
  const mark = `"$tb":${TOMBSTONE_REVISION.toString()}`;
  return json === '{}' ? `{${mark}}` : `${json.slice(0, -1)},${mark}}`;
}
