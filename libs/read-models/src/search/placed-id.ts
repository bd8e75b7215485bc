import { firstFreeId } from '@agent-ledger/events';

/** What `placedId` reads of a handler's table of recorded messages. */
export interface RecordedIds {
  hasId: { get(sessionId: string, messageId: string): unknown };
  versions: { all(sessionId: string, recordedId: string): Array<{ digest: string }> };
}

/**
 * The id a recorded message is kept under, by the events lib's rule for a reused id
 * (`recordMessageOnce`), over digests of the versions recorded under it: its own id when it is
 * new; `undefined` for a retried copy (a version with the same digest); else `<id>#2`, `<id>#3`…,
 * the first free one. The common case (a new id) costs one primary-key look-up.
 */
export function placedId(
  table: RecordedIds,
  sessionId: string,
  id: string,
  digest: string,
): string | undefined {
  if (table.hasId.get(sessionId, id) === undefined) return id;
  const versions = table.versions.all(sessionId, id);
  if (versions.some((version) => version.digest === digest)) return undefined;
  return firstFreeId(id, (candidate) => table.hasId.get(sessionId, candidate) !== undefined, 2);
}
