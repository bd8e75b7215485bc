import { createSecretKey, type KeyObject } from 'node:crypto';
import {
  DEFAULT_MAX_APPEND_SIZE,
  serializeAppend,
  StreamNotFoundError,
  type AppendOptions,
  type AppendResult,
  type DeleteOptions,
  type EraseStreamResult,
  type EventPayloadValidator,
  type EventStore,
  type EventToAppend,
  type ListStreamsInAllOptions,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamInAll,
  type StreamMetadata,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionMessage,
} from '@agent-ledger/event-store';
import { contentAad } from './content-aad';
import type { ContentKeyStore } from './content-key-store';
import { SESSION_CONTENT_POLICY, type ContentPolicy } from './content-policy';
import { SealedContentUnreadableError } from './errors';
import { openContent } from './open-content';
import { RandomIvs } from './random-ivs';
import { sealContent } from './seal-content';
import { openPayload, sealPayload } from './seal-payload';
import { asSealedContent, hasSealedPart } from './sealed-content';

/** Options of {@link ContentSealingEventStore}. `inner` and `keys` are required. */
export interface ContentSealingEventStoreOptions {
  /**
   * The store that keeps the sealed form: opened with no `validatePayload` (this wrapper checks
   * the plain payload), and, where it has one, a `maxAppendSize` of
   * `sealedAppendSizeLimit(maxAppendSize)`.
   */
  inner: EventStore;
  keys: ContentKeyStore;
  /** Checks each plain payload before anything is sealed or written, as a store would. */
  validatePayload?: EventPayloadValidator;
  /** Bytes of plain JSON data plus metadata per append. Default `DEFAULT_MAX_APPEND_SIZE` (1 MiB). */
  maxAppendSize?: number;
  /** Default `SESSION_CONTENT_POLICY`. */
  policy?: ContentPolicy;
  /**
   * `false`: appends are written as they are (`CONTENT_ENCRYPTION=off`), and sealed events
   * already in the log are still opened. Default `true`.
   */
  seal?: boolean;
}

/**
 * The limit to give the inner store: a sealed payload is its readable fields plus the base64 of
 * the whole plain JSON (4/3 of it) plus ~150 bytes, so at most 2.4 times the plain size and a
 * little per event.
 */
export function sealedAppendSizeLimit(maxAppendSize: number = DEFAULT_MAX_APPEND_SIZE): number {
  return Math.ceil(maxAppendSize * 2.5) + 64 * 1024;
}

/**
 * An `EventStore` that seals the content of the events its policy names on `append` and opens
 * it on every read (`readStream`, `readAll`, `subscribeToAll`), over any store. The stored
 * `data` is the event's readable fields plus `sealed` (`SealedContent` version 2: what of the
 * plain payload is not among those readable fields, AES-256-GCM under the stream's current data
 * key, a fresh random IV, bound to stream, event id, type and the readable fields). Opening gives
 * back exactly the payload appended, its fields in their order; version 1 parts (the whole
 * payload sealed) still open.
 *
 * Errors are those of the store without encryption: the plain payload is checked (ids, types,
 * schema, size) before any sealing. A retried append re-seals with a new IV: the stores decide a
 * retry by event ids alone (`decideAppend`, EventStoreDB's commit check), so the retry is
 * idempotent and its new ciphertext is dropped, and no IV is ever used twice with one key.
 *
 * Once a stream's keys are destroyed (`ContentKeyStore.destroyKeysOf`): `readAll` skips its
 * events, a subscription yields a `checkpoint` at each one's position instead (a consumer saves
 * progress past them), `readStream` answers `StreamNotFoundError`, and `listStreamsInAll` leaves
 * the stream out. A key the key store never had is a `ContentKeyUnknownError`, and a sealed part
 * that does not open a `SealedContentUnreadableError`: readers stop, never skip, on those.
 */
export class ContentSealingEventStore implements EventStore {
  private readonly inner: EventStore;
  private readonly keys: ContentKeyStore;
  private readonly policy: ContentPolicy;
  private readonly validatePayload: EventPayloadValidator | undefined;
  private readonly maxAppendSize: number;
  private readonly sealing: boolean;
  private readonly ivs = new RandomIvs();
  /** Each key's material as a `KeyObject`, made once (the key store hands out the same buffers). */
  private readonly keyObjects = new WeakMap<Buffer, KeyObject>();

  constructor(options: ContentSealingEventStoreOptions) {
    this.inner = options.inner;
    this.keys = options.keys;
    this.policy = options.policy ?? SESSION_CONTENT_POLICY;
    this.validatePayload = options.validatePayload;
    this.maxAppendSize = options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE;
    this.sealing = options.seal ?? true;
  }

  /**
   * The store below, which holds the sealed form: for what is particular to it (the embedded
   * store's `appendSignal`), never to read content.
   */
  get sealedStore(): EventStore {
    return this.inner;
  }

  /** The key store it seals and opens with (the server's erasure destroys keys through it). */
  get keyStore(): ContentKeyStore {
    return this.keys;
  }

  async append(
    streamName: string,
    events: EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult> {
    const serialized = serializeAppend(streamName, events, {
      maxAppendSize: this.maxAppendSize,
      ...(this.validatePayload === undefined ? {} : { validatePayload: this.validatePayload }),
    });
    if (!this.sealing) return this.inner.append(streamName, events, options);
    let key: { id: string; object: KeyObject } | undefined;
    const stored: EventToAppend[] = [];
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index];
      const plain = serialized[index];
      if (event === undefined) continue;
      if (plain === undefined || !this.policy.seals(streamName, event.type)) {
        stored.push(event);
        continue;
      }
      key ??= await this.currentKeyObjectOf(streamName);
      const readable = this.policy.readableFields(streamName, event);
      const iv = this.ivs.take();
      const aad = contentAad(streamName, plain.id, event.type);
      // A payload that is not a JSON object (possible under `SEAL_EVERYTHING_POLICY`), or whose
      // stand-ins would be ambiguous, is sealed whole (version 1).
      const sealed =
        (isJsonObject(event.data)
          ? sealPayload({
              payload: event.data,
              readable,
              keyId: key.id,
              key: key.object,
              iv,
              aad,
            })
          : undefined) ??
        sealContent({
          plaintext: plain.data,
          keyId: key.id,
          key: key.object,
          iv,
          aad,
        });
      readable['sealed'] = sealed;
      stored.push({
        id: event.id,
        type: event.type,
        data: readable,
        ...(event.metadata === undefined ? {} : { metadata: event.metadata }),
      });
    }
    return this.inner.append(streamName, stored, options);
  }

  async *readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent> {
    for await (const event of this.inner.readStream(streamName, options)) {
      const opened = await this.open(event);
      if (opened === undefined) throw new StreamNotFoundError(streamName);
      yield opened;
    }
  }

  async *readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent> {
    for await (const event of this.inner.readAll(options)) {
      const opened = await this.open(event);
      if (opened !== undefined) yield opened;
    }
  }

  async listStreamsInAll(options?: ListStreamsInAllOptions): Promise<StreamInAll[]> {
    const listed = await this.inner.listStreamsInAll(options);
    const kept: StreamInAll[] = [];
    for (const stream of listed) {
      const shredded =
        this.policy.sealsStream(stream.streamName) &&
        (await this.keys.isShredded(stream.streamName));
      if (!shredded) kept.push(stream);
    }
    return kept;
  }

  subscribeToAll(options?: SubscribeToAllOptions): Subscription {
    const inner = this.inner.subscribeToAll(options);
    const open = (event: RecordedEvent) => this.open(event);
    return {
      close: () => inner.close(),
      async *[Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
        for await (const message of inner) {
          if (message.kind !== 'event') {
            yield message;
            continue;
          }
          const opened = await open(message.event);
          yield opened === undefined
            ? { kind: 'checkpoint', position: message.event.position }
            : { kind: 'event', event: opened };
        }
      },
    };
  }

  deleteStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }> {
    return this.inner.deleteStream(streamName, options);
  }

  tombstoneStream(streamName: string, options?: DeleteOptions): Promise<{ position: number }> {
    return this.inner.tombstoneStream(streamName, options);
  }

  /** Erases the stream in the store beneath; its content keys are the erasure's to destroy. */
  eraseStream(streamName: string): Promise<EraseStreamResult> {
    return this.inner.eraseStream(streamName);
  }

  getStreamMetadata(streamName: string): Promise<StreamMetadata> {
    return this.inner.getStreamMetadata(streamName);
  }

  setStreamMetadata(
    streamName: string,
    metadata: StreamMetadata,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    return this.inner.setStreamMetadata(streamName, metadata, options);
  }

  getStreamRevision(streamName: string): Promise<number | undefined> {
    return this.inner.getStreamRevision(streamName);
  }

  headPosition(): Promise<number | null> {
    return this.inner.headPosition();
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }

  /** The stream's current data key: its id, and its material as a `KeyObject`. */
  private async currentKeyObjectOf(streamName: string): Promise<{ id: string; object: KeyObject }> {
    const key = await this.keys.currentKeyOf(streamName);
    return { id: key.id, object: this.keyObjectOf(key.material) };
  }

  private keyObjectOf(material: Buffer): KeyObject {
    let keyObject = this.keyObjects.get(material);
    if (keyObject === undefined) {
      keyObject = createSecretKey(material);
      this.keyObjects.set(material, keyObject);
    }
    return keyObject;
  }

  /** The event with its content opened; `undefined` when its key was destroyed. */
  private async open(event: RecordedEvent): Promise<RecordedEvent | undefined> {
    if (!hasSealedPart(event.data) || !this.policy.seals(event.streamName, event.type)) {
      return event;
    }
    const sealed = asSealedContent(event.data.sealed);
    if (sealed === undefined) {
      throw new SealedContentUnreadableError(
        event.streamName,
        event.id,
        'its "sealed" part is not version 1 sealed content',
      );
    }
    const lookup = await this.keys.keyById(sealed.v === 1 ? sealed.keyId : sealed.key);
    if (lookup.state === 'destroyed') return undefined;
    if (lookup.key.streamName !== event.streamName) {
      throw new SealedContentUnreadableError(
        event.streamName,
        event.id,
        `its key belongs to "${lookup.key.streamName}"`,
      );
    }
    const key = this.keyObjectOf(lookup.key.material);
    const aad = contentAad(event.streamName, event.id, event.type);
    let data: unknown;
    if (sealed.v === 1) {
      const plaintext = openContent(sealed, key, aad);
      data = plaintext === undefined ? undefined : (JSON.parse(plaintext) as unknown);
    } else {
      const { sealed: _sealed, ...readable } = event.data as Record<string, unknown>;
      data = openPayload(sealed, readable, key, aad);
    }
    if (data === undefined) {
      throw new SealedContentUnreadableError(
        event.streamName,
        event.id,
        'it does not authenticate',
      );
    }
    return { ...event, data };
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
