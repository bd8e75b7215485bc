/**
 * Which life of its stream a session is in: 0 for a stream never erased, else the number of
 * erasures the store's metadata counts (`customMetadata.erasures`, written by the EventStoreDB
 * adapter's `eraseStream`, which keeps a deleted stream's events until a scavenge). The embedded
 * store removes an erased stream's events and metadata for good: its streams are always in their
 * first life, and their ids cannot meet the erased ones.
 */
export function sessionIncarnation(metadata: { customMetadata?: Record<string, unknown> }): number {
  const erasures = metadata.customMetadata?.['erasures'];
  return typeof erasures === 'number' && Number.isSafeInteger(erasures) && erasures > 0
    ? erasures
    : 0;
}
