import type { LogRecord } from './log-record';
import type { MetadataRules } from './read-metadata-rules';

const TICKS_PER_SECOND = 10_000_000n;

/**
 * The events of a stream that a read returns under its metadata: those at or after `$tb`, the
 * last `$maxCount`, and those younger than `$maxAge`. EventStoreDB applies these rules at read
 * time (scavenging removes the data later), and only to stream reads, never to `$all`.
 */
export function visibleRecords(
  records: readonly LogRecord[],
  rules: MetadataRules,
  nowTicks: bigint,
): LogRecord[] {
  const { truncateBefore, maxCount, maxAge } = rules;
  let visible = records.filter(
    (record) => truncateBefore === undefined || record.revision >= BigInt(truncateBefore),
  );
  if (maxCount !== undefined) visible = visible.slice(Math.max(0, visible.length - maxCount));
  if (maxAge !== undefined) {
    const oldest = nowTicks - BigInt(maxAge) * TICKS_PER_SECOND;
    visible = visible.filter((record) => record.createdTicks >= oldest);
  }
  return visible;
}
