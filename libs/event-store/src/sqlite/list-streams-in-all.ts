import type { ListStreamsInAllOptions, StreamInAll } from '../event-store';
import type { AllStatements } from './all-statements';
import { filterToSql } from './filter-to-sql';

/**
 * The streams `$all` shows up to a position, in the order of their first event there
 * (`AllStatements.streamsInAll`): one query, no event parsed.
 */
export function listStreamsInAll(
  statements: AllStatements,
  options: ListStreamsInAllOptions,
): StreamInAll[] {
  const { filter } = options;
  const predicate = filterToSql(filter);
  const toPosition = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  const rows = statements.streamsInAll(predicate, filter?.on ?? 'streamName', toPosition);
  return rows.map((row) => ({ streamName: row.stream_name, firstPosition: row.first_position }));
}
