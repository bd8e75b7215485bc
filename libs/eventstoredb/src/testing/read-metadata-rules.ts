/** The parts of stream metadata that change what a stream read returns. */
export interface MetadataRules {
  maxCount?: number;
  /** Seconds. */
  maxAge?: number;
  truncateBefore?: number;
  /** `$tb` is `long.MaxValue`: EventStoreDB's soft-delete mark. */
  softDeleted: boolean;
}

/** `long.MaxValue` as a JSON parser sees it (a double rounds it up to 2^63). */
const SOFT_DELETE_TRUNCATE_BEFORE = 2 ** 63 - 1;

/**
 * Reads `$maxCount`, `$maxAge` and `$tb` from the raw JSON of a `$metadata` event. Anything
 * unreadable counts as no rule, as EventStoreDB eats metadata parse errors.
 */
export function readMetadataRules(raw: Uint8Array | undefined): MetadataRules {
  if (raw === undefined || raw.length === 0) return { softDeleted: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return { softDeleted: false };
  }
  if (typeof parsed !== 'object' || parsed === null) return { softDeleted: false };
  const fields = new Map(Object.entries(parsed));
  const maxCount = positiveInteger(fields.get('$maxCount'));
  const maxAge = positiveInteger(fields.get('$maxAge'));
  const truncateBefore = positiveInteger(fields.get('$tb'));
  const softDeleted = truncateBefore !== undefined && truncateBefore >= SOFT_DELETE_TRUNCATE_BEFORE;
  return {
    softDeleted,
    ...(maxCount === undefined ? {} : { maxCount }),
    ...(maxAge === undefined ? {} : { maxAge }),
    ...(truncateBefore === undefined || softDeleted ? {} : { truncateBefore }),
  };
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
