import type { StreamMetadata } from './event-store';

/** The part of a stream a read may return under its metadata. */
export interface VisibleRevisions {
  /** First visible revision (inclusive). */
  from: number;
  /** Last visible revision (inclusive); below `from` when nothing is visible. */
  to: number;
  /** With `maxAge`: events created before this ISO-8601 time are hidden. */
  createdNotBefore?: string;
}

/**
 * Applies `truncateBefore`, `maxCount` and `maxAge` to a stream whose last revision is
 * `lastRevision`, as EventStoreDB does on stream reads (never on `$all`): `maxCount` keeps the
 * last N revisions, `truncateBefore` hides those below it, `maxAge` those older than N seconds.
 */
export function visibleRevisions(
  metadata: StreamMetadata,
  lastRevision: number,
  now: Date,
): VisibleRevisions {
  const afterMaxCount = metadata.maxCount === undefined ? 0 : lastRevision - metadata.maxCount + 1;
  const from = Math.max(0, metadata.truncateBefore ?? 0, afterMaxCount);
  if (metadata.maxAge === undefined) return { from, to: lastRevision };
  const createdNotBefore = new Date(now.getTime() - metadata.maxAge * 1000).toISOString();
  return { from, to: lastRevision, createdNotBefore };
}
