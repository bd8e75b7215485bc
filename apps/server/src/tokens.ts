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
 * `{ destroyKeysOf(streamName): Promise<number> }`: destroys a session stream's content keys
 * (crypto-shredding), idempotently, answering how many it destroyed. Bound to the event store's
 * content key store (`libs/content-crypto`); with no key store (content encryption off and never
 * on), it has nothing to destroy and answers 0.
 */
export const CONTENT_KEY_SHREDDER = Symbol('ContentKeyShredder');
