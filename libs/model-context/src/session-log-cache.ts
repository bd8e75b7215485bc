import type { EventStore, ReadStreamOptions, RecordedEvent } from '@agent-ledger/event-store';
import type { SessionLog } from './session-log';

/** Default bound of the events kept in memory, in characters of their strings (about bytes). */
export const DEFAULT_SESSION_LOG_CACHE_CHARS = 64 * 1024 * 1024;

/** Events taken into a stream's cached suffix from a backward read at a time. */
const EXTEND_BATCH = 256;

/**
 * The events of one stream held in memory: every visible revision from `first` to `last`, its
 * last one, so a suffix of the stream; `first` moves back as reads reach before it.
 */
interface CachedStream {
  first: number;
  last: number;
  /** `events[revision - first]`, deep-frozen: readers share them. */
  events: RecordedEvent[];
  /** The stream metadata they were read under (`JSON.stringify`): other metadata, other events. */
  metadata: string;
  chars: number;
}

/**
 * The log as the model view reads it, cached by revision: serves `readStream` from the events
 * of the stream it read before, reading from the store only the events appended since (a
 * session's model context after one more turn reads that turn).
 *
 * It holds a suffix of each stream, never more than was asked for: a stream it does not hold is
 * taken up with its last event alone, and the suffix grows back only as far as reads go, so the
 * first model context of a long session (after a restart) reads its window and not its history.
 * A read of revisions before the suffix asks the store for them, and keeps them when they join
 * the suffix (a backward read past its start, or a forward read that reaches it whole); a read of
 * some `types` only is served from the suffix where it can and from the store, filtered, before
 * it, and kept nowhere.
 *
 * Never trusted beyond what the log says: each read asks the store for the stream's metadata and
 * reads from the last cached event on; when that event is not there the same (id and position)
 * or the metadata changed (a truncation, a deletion), the stream is read afresh. Streams whose visibility moves on its own (`maxAge`, `maxCount`) are not cached.
 * Bounded: least recently read streams are dropped past `maxChars` characters of strings. The
 * events it hands out are frozen, so a reader that would change one fails instead of changing the others'.
 */
export class SessionLogCache implements SessionLog {
  private readonly streams = new Map<string, CachedStream>();
  private readonly loading = new Map<string, Promise<CachedStream | undefined>>();
  private chars = 0;

  constructor(
    private readonly store: Pick<EventStore, 'readStream' | 'getStreamMetadata'>,
    private readonly maxChars: number = DEFAULT_SESSION_LOG_CACHE_CHARS,
  ) {}

  /** Streams and characters held now. */
  get size(): { streams: number; chars: number } {
    return { streams: this.streams.size, chars: this.chars };
  }

  /** Whether the stream's events are held now (dropped ones are read afresh when asked for). */
  holds(streamName: string): boolean {
    return this.streams.has(streamName);
  }

  /**
   * The held event at `revision`, without asking the store: the same frozen object for as long
   * as the stream stays unchanged in the cache, a new one once it was read afresh. What is derived
   * from a stream through this cache keeps an event it was derived through and is good while
   * this answers that very object (`docs/event-store.md`, what a store may do to a stream).
   */
  eventAt(streamName: string, revision: number): RecordedEvent | undefined {
    const cached = this.streams.get(streamName);
    if (cached === undefined || revision < cached.first || revision > cached.last) return undefined;
    return cached.events[revision - cached.first];
  }

  /**
   * An event held of the stream now (its last), to keep as `eventAt` would give it: whatever is
   * read of the stream afterwards, through the cache or not, is of the same stream while
   * `eventAt` still answers that object.
   */
  heldEvent(streamName: string): RecordedEvent | undefined {
    return this.streams.get(streamName)?.events.at(-1);
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    return this.serve(streamName, options);
  }

  /**
   * The stream's events from `revision` on, forwards, as `readStream(streamName, { fromRevision:
   * revision })` gives them, in one array: the cached ones when the stream is held (the same
   * frozen objects), else read from the store. Throws as the store's read would.
   */
  async eventsFrom(streamName: string, revision: number): Promise<RecordedEvent[]> {
    const cached = await this.upToDate(streamName);
    const events: RecordedEvent[] = [];
    if (cached !== undefined && revision >= cached.first) {
      return cached.events.slice(revision - cached.first);
    }
    const read =
      cached === undefined
        ? this.store.readStream(streamName, { fromRevision: revision })
        : this.fromCached(streamName, cached, { fromRevision: revision });
    for await (const recorded of read) events.push(recorded);
    return events;
  }

  private async *serve(
    streamName: string,
    options: ReadStreamOptions,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const cached = await this.upToDate(streamName);
    if (cached === undefined) {
      yield* this.store.readStream(streamName, options);
      return;
    }
    yield* this.fromCached(streamName, cached, options);
  }

  /** A read served from the cached suffix, and from the store for what lies before it. */
  private async *fromCached(
    streamName: string,
    cached: CachedStream,
    options: ReadStreamOptions,
  ): AsyncGenerator<RecordedEvent, void, undefined> {
    const forwards = (options.direction ?? 'forwards') === 'forwards';
    const from = options.fromRevision;
    const types = options.types === undefined ? undefined : new Set(options.types);
    const wanted = (recorded: RecordedEvent) => types === undefined || types.has(recorded.type);
    // As the store reads: from `start` (0) or `end`, clamped to the visible revisions.
    let next =
      from === undefined || from === 'start'
        ? forwards
          ? 0
          : cached.last
        : from === 'end'
          ? forwards
            ? cached.last + 1
            : cached.last
          : from;
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (forwards) {
      // Where the suffix starts now (a read that joins it moves its start back).
      const suffixStart = cached.first;
      if (next < suffixStart && remaining > 0) {
        // Before the suffix: from the store, kept when the read reaches the suffix whole.
        const earlier: RecordedEvent[] = [];
        const maxCount = types === undefined ? Math.min(remaining, suffixStart - next) : remaining;
        try {
          for await (const recorded of this.store.readStream(streamName, {
            fromRevision: next,
            ...(Number.isFinite(maxCount) ? { maxCount } : {}),
            ...(options.types === undefined ? {} : { types: options.types }),
          })) {
            if (recorded.revision >= suffixStart) break;
            freeze(recorded);
            if (types === undefined) earlier.push(recorded);
            remaining -= 1;
            yield recorded;
          }
        } finally {
          this.extend(streamName, cached, earlier);
        }
      }
      for (next = Math.max(next, suffixStart); next <= cached.last && remaining > 0; next += 1) {
        const recorded = cached.events[next - cached.first] as RecordedEvent;
        if (!wanted(recorded)) continue;
        remaining -= 1;
        yield recorded;
      }
      return;
    }
    for (next = Math.min(next, cached.last); next >= cached.first && remaining > 0; next -= 1) {
      const recorded = cached.events[next - cached.first] as RecordedEvent;
      if (!wanted(recorded)) continue;
      remaining -= 1;
      yield recorded;
    }
    const start = Math.min(next, cached.first - 1);
    if (remaining <= 0 || start < 0) return;
    // Past the start of the suffix: from the store, and kept while it joins the suffix.
    let joining: RecordedEvent[] | undefined =
      types === undefined && start === cached.first - 1 ? [] : undefined;
    try {
      for await (const recorded of this.store.readStream(streamName, {
        direction: 'backwards',
        fromRevision: start,
        ...(Number.isFinite(remaining) ? { maxCount: remaining } : {}),
        ...(options.types === undefined ? {} : { types: options.types }),
      })) {
        freeze(recorded);
        if (joining !== undefined) {
          joining.push(recorded);
          if (joining.length >= EXTEND_BATCH) {
            joining = this.extend(streamName, cached, joining.reverse()) ? [] : undefined;
          }
        }
        yield recorded;
      }
    } finally {
      if (joining !== undefined) this.extend(streamName, cached, joining.reverse());
    }
  }

  /**
   * Puts `earlier` (frozen, in log order) before the suffix when they end right before it and
   * it is still the one held; returns whether it did. Keeps the cache within its bound.
   */
  private extend(streamName: string, cached: CachedStream, earlier: RecordedEvent[]): boolean {
    const last = earlier.at(-1);
    if (last === undefined || this.streams.get(streamName) !== cached) return false;
    const first = earlier[0] as RecordedEvent;
    if (
      last.revision !== cached.first - 1 ||
      last.revision - first.revision !== earlier.length - 1
    ) {
      return false;
    }
    let chars = 0;
    for (const recorded of earlier) chars += sizeOf(recorded);
    cached.events = earlier.concat(cached.events);
    cached.first = first.revision;
    cached.chars += chars;
    this.chars += chars;
    if (cached.chars > this.maxChars) this.forget(streamName);
    this.keepWithinBound();
    return this.streams.get(streamName) === cached;
  }

  /** The stream's cached events brought up to its current revision, one load per stream at a time. */
  private async upToDate(streamName: string): Promise<CachedStream | undefined> {
    const pending = this.loading.get(streamName);
    if (pending !== undefined) await pending.catch(() => undefined);
    const load = this.load(streamName);
    this.loading.set(streamName, load);
    try {
      return await load;
    } finally {
      if (this.loading.get(streamName) === load) this.loading.delete(streamName);
    }
  }

  /**
   * Two questions to the store: the stream's metadata, and one read from the last cached event
   * (which must still be there, the same id at the same revision and position) to the end.
   * Anything else (no stream, a gap, another event there) leaves nothing cached: the caller then
   * reads from the store itself, which answers or throws as it would have anyway.
   */
  private async load(streamName: string): Promise<CachedStream | undefined> {
    const metadata = await this.store.getStreamMetadata(streamName).catch(() => undefined);
    let cached = this.forget(streamName);
    if (
      metadata === undefined ||
      metadata.maxAge !== undefined ||
      metadata.maxCount !== undefined
    ) {
      return undefined;
    }
    const metadataKey = JSON.stringify(metadata);
    if (cached?.metadata !== metadataKey) cached = undefined;
    const stream = cached ?? { first: 0, last: -1, events: [], metadata: metadataKey, chars: 0 };
    const last = stream.events[stream.events.length - 1];
    try {
      let checked = last === undefined;
      // Not held: its last event only; reads take the suffix back as far as they go.
      const read = this.store.readStream(
        streamName,
        last === undefined
          ? { direction: 'backwards', maxCount: 1 }
          : { fromRevision: last.revision },
      );
      for await (const recorded of read) {
        if (!checked) {
          checked = true;
          const same =
            recorded.revision === last?.revision &&
            recorded.id === last.id &&
            recorded.position === last.position;
          if (same) continue;
          return undefined;
        }
        if (stream.events.length === 0) stream.first = recorded.revision;
        else if (recorded.revision !== stream.last + 1) return undefined;
        stream.chars += freeze(recorded);
        stream.events.push(recorded);
        stream.last = recorded.revision;
      }
      if (!checked) return undefined;
    } catch {
      return undefined;
    }
    if (stream.events.length === 0 || stream.chars > this.maxChars) return undefined;
    this.streams.set(streamName, stream);
    this.chars += stream.chars;
    this.keepWithinBound();
    return stream;
  }

  /** Drops the least recently read streams while the cache holds more than its bound. */
  private keepWithinBound(): void {
    for (const [name, oldest] of this.streams) {
      if (this.chars <= this.maxChars) break;
      this.streams.delete(name);
      this.chars -= oldest.chars;
    }
  }

  /**
   * Drops what is kept of the stream (an erasure: its events must not outlive it in memory).
   * A read in flight for it is answered, then not kept.
   */
  erase(streamName: string): void {
    this.forget(streamName);
    this.loading.delete(streamName);
  }

  /** Takes the stream's entry out of the cache; returns it (`undefined`: there was none). */
  private forget(streamName: string): CachedStream | undefined {
    const cached = this.streams.get(streamName);
    if (cached !== undefined) {
      this.streams.delete(streamName);
      this.chars -= cached.chars;
    }
    return cached;
  }
}

/** The characters of the strings in `value` (its size, as `freeze` counts it). */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let chars = 0;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) chars += sizeOf(value[index]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (Object.hasOwn(record, key)) chars += key.length + sizeOf(record[key]);
    }
  }
  return chars;
}

/** Freezes `value` and everything in it; returns the characters of its strings (its size). */
function freeze(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  let chars = 0;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) chars += freeze(value[index]);
  } else {
    // Own enumerable properties, as `Object.entries` gives them, without building its pairs.
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (Object.hasOwn(record, key)) chars += key.length + freeze(record[key]);
    }
  }
  Object.freeze(value);
  return chars;
}
