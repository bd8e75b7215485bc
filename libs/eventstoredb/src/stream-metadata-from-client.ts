import type { StreamMetadata as ClientStreamMetadata } from '@eventstore/db-client';
import { SOFT_DELETED_TRUNCATE_BEFORE, type StreamMetadata } from '@agent-ledger/event-store';

/** Keys the client makes of EventStoreDB's reserved `$` keys; all but three are not the port's. */
const RESERVED_KEYS = new Set(['maxCount', 'maxAge', 'truncateBefore', 'cacheControl', 'acl']);

/**
 * EventStoreDB's soft-delete mark, `$tb` = `long.MaxValue`, as JSON.parse reads it (2^63); any
 * `$tb` past 2^53 cannot be a real revision.
 */
const LARGEST_REVISION = Number.MAX_SAFE_INTEGER;

/**
 * The port's stream metadata from what the client read: the three known rules when they are
 * usable integers, and every other non-`$` key as custom metadata. The soft-delete mark becomes
 * the port's `SOFT_DELETED_TRUNCATE_BEFORE`.
 */
export function streamMetadataFromClient(
  metadata: ClientStreamMetadata | undefined,
): StreamMetadata {
  if (metadata === undefined) return {};
  const custom = Object.fromEntries(
    Object.entries(metadata).filter(([key]) => !RESERVED_KEYS.has(key) && !key.startsWith('$')),
  );
  const { maxCount, maxAge } = metadata;
  const truncateBefore =
    typeof metadata.truncateBefore === 'number' && metadata.truncateBefore > LARGEST_REVISION
      ? SOFT_DELETED_TRUNCATE_BEFORE
      : metadata.truncateBefore;
  return {
    ...(safeInteger(maxCount) ? { maxCount } : {}),
    ...(safeInteger(maxAge) ? { maxAge } : {}),
    ...(safeInteger(truncateBefore) ? { truncateBefore } : {}),
    ...(Object.keys(custom).length > 0 ? { customMetadata: custom } : {}),
  };
}

function safeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
