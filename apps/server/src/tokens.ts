/** Injection tokens of the server's providers that are not classes. */

/** The `EventStore` port, whichever store the configuration chose. */
export const EVENT_STORE = Symbol('EventStore');

/** The `ServerConfig` the server was started with. */
export const SERVER_CONFIG = Symbol('ServerConfig');

/** `() => string`: the ISO-8601 time now. Commands take it from here, never from `Date` directly. */
export const CLOCK = Symbol('Clock');

/** The signature behind `CLOCK`. */
export type Clock = () => string;
