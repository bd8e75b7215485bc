/**
 * A data key of one session stream: 32 random bytes (AES-256), named by `id`, the `keyId` every
 * payload sealed with it carries.
 */
export interface ContentKey {
  id: string;
  streamName: string;
  /** 32 bytes. Never logged, never written anywhere but the key store. */
  material: Buffer;
}

/**
 * What the key store knows of a key id: the key, or that it was destroyed (crypto-shredded). A key
 * id the store never knew is not an answer but a `ContentKeyUnknownError`: a key store that is
 * not the log's (a wrong `CONTENT_KEYS_PATH`) must stop readers, not make them skip every event.
 */
export type ContentKeyLookup = { state: 'found'; key: ContentKey } | { state: 'destroyed' };

/**
 * The port of the content keys: per session stream, random 256-bit data keys kept outside the
 * log, whose destruction makes the stream's sealed content unreadable wherever its bytes are
 * (EventStoreDB's chunks before a scavenge, archives, backups).
 *
 * The contract a multi-node implementation (a KMS, Vault's transit engine, a shared database)
 * must keep: `currentKeyOf` gives every node the same key for a stream until its keys are
 * destroyed (create it under a uniqueness constraint, never two current keys); a key, once
 * given, is returned by `keyById` until `destroyKeysOf`, after which every node answers
 * `destroyed` (caches bounded and checked against destructions); a destruction is durable before
 * it resolves, and idempotent.
 */
export interface ContentKeyStore {
  /** The key new events of the stream are sealed with; made (durably) on the stream's first use. */
  currentKeyOf(streamName: string): Promise<ContentKey>;
  /** The key `keyId`, or `destroyed`. Rejects with `ContentKeyUnknownError` for an id never made. */
  keyById(keyId: string): Promise<ContentKeyLookup>;
  /**
   * Destroys every key of the stream, durably and with no copy left in the store's files;
   * resolves with how many keys it destroyed now (0 when none was left: idempotent). The next
   * `currentKeyOf` of the stream makes a new key.
   */
  destroyKeysOf(streamName: string): Promise<number>;
  /** True when the stream had keys and every one of them was destroyed. */
  isShredded(streamName: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * What the server's erasure needs of the key store (Nest token `CONTENT_KEY_SHREDDER`): destroy a
 * session stream's keys, idempotently, answering how many it destroyed.
 */
export interface ContentKeyShredder {
  destroyKeysOf(streamName: string): Promise<number>;
}
