import type { StreamMetadata as ClientStreamMetadata } from '@eventstore/db-client';
import type { StreamMetadata } from '@agent-ledger/event-store';

/**
 * The port's stream metadata as the client writes it to `$$<stream>`: `maxCount`, `maxAge` and
 * `truncateBefore` become `$maxCount`, `$maxAge` and `$tb`; custom metadata sits beside them at
 * the top level, as EventStoreDB stores it (custom keys never override the reserved ones).
 */
export function toClientStreamMetadata(metadata: StreamMetadata): ClientStreamMetadata {
  return {
    ...(metadata.customMetadata ?? {}),
    ...(metadata.maxCount === undefined ? {} : { maxCount: metadata.maxCount }),
    ...(metadata.maxAge === undefined ? {} : { maxAge: metadata.maxAge }),
    ...(metadata.truncateBefore === undefined ? {} : { truncateBefore: metadata.truncateBefore }),
  };
}
