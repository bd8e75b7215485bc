/** Injection tokens of the server's providers that are not classes. */

/** The `EventStore` port, whichever store the configuration chose. */
export const EVENT_STORE = Symbol('EventStore');

/** The `ServerConfig` the server was started with. */
export const SERVER_CONFIG = Symbol('ServerConfig');

/** `() => string`: the ISO-8601 time now. Commands take it from here, never from `Date` directly. */
export const CLOCK = Symbol('Clock');

/** The signature behind `CLOCK`. */
export type Clock = () => string;

/**
 * The port that destroys a session stream's content keys (crypto-shredding): `destroyKeysOf`
 * answers how many it destroyed. An erasure calls it for every erased stream before the stream
 * itself is erased. The default destroys nothing (no content is encrypted); the content
 * encryption's key store binds it.
 */
export const CONTENT_KEY_SHREDDER = Symbol('ContentKeyShredder');

/** The signature behind `CONTENT_KEY_SHREDDER`. */
export interface ContentKeyShredder {
  destroyKeysOf(streamName: string): Promise<number>;
}

/** The `SessionErasure` of this server (journal, steps, receipts). */
export const SESSION_ERASURE = Symbol('SessionErasure');

/**
 * The `BlobStore` port (`@agent-ledger/blobs`) of the configured event store: content-addressed
 * large content, per tenant.
 */
export const BLOB_STORE = Symbol('BlobStore');
