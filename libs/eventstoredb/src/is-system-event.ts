import type { RecordedEvent } from '@agent-ledger/event-store';

/**
 * EventStoreDB's own records in `$all`: `$metadata` events in `$$<stream>` metastreams, the
 * `$streamDeleted` record of a tombstone, `$epoch-information` and the like. The port's `$all`
 * holds only application events (as the embedded store's does), so the adapter hides these.
 */
export function isSystemEvent(event: Pick<RecordedEvent, 'streamName' | 'type'>): boolean {
  return event.type.startsWith('$') || event.streamName.startsWith('$');
}
