import type { EventStore } from '@agent-ledger/event-store';

/**
 * What the model context reads of a store: session streams, forwards or backwards. An
 * `EventStore` is one; so is the `SessionLogCache` a `ModelContextReader` reads through.
 */
export type SessionLog = Pick<EventStore, 'readStream'>;
