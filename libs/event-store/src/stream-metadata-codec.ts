import type { StreamMetadata } from './event-store';

/**
 * Stream metadata in EventStoreDB's JSON shape (`$maxCount`, `$maxAge`, `$tb`, custom keys at the
 * top level), so a stored metadata event reads the same to an auditor whichever store wrote it.
 */
export function encodeStreamMetadata(metadata: StreamMetadata): Record<string, unknown> {
  return {
    ...metadata.customMetadata,
    ...(metadata.maxCount === undefined ? {} : { $maxCount: metadata.maxCount }),
    ...(metadata.maxAge === undefined ? {} : { $maxAge: metadata.maxAge }),
    ...(metadata.truncateBefore === undefined ? {} : { $tb: metadata.truncateBefore }),
  };
}

/**
 * Reads metadata in EventStoreDB's JSON shape. Anything unreadable counts as no rule, as
 * EventStoreDB ignores metadata it cannot parse; keys starting with `$` other than the three rules
 * are dropped.
 */
export function decodeStreamMetadata(raw: unknown): StreamMetadata {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const metadata: StreamMetadata = {};
  const customMetadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === '$maxCount') assignCount(metadata, 'maxCount', value);
    else if (key === '$maxAge') assignCount(metadata, 'maxAge', value);
    else if (key === '$tb') assignCount(metadata, 'truncateBefore', value);
    else if (!key.startsWith('$')) customMetadata[key] = value;
  }
  if (Object.keys(customMetadata).length > 0) metadata.customMetadata = customMetadata;
  return metadata;
}

function assignCount(
  metadata: StreamMetadata,
  key: 'maxCount' | 'maxAge' | 'truncateBefore',
  value: unknown,
): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) metadata[key] = value;
}
