import type { EventFilter } from '../event-store';

/** A boolean SQL expression over an `events` row, with its positional parameters. */
export interface SqlPredicate {
  sql: string;
  params: string[];
}

/**
 * Compiles a `$all` filter to SQL, so filtering happens in the database and skipped events are
 * never parsed. Prefixes compare characters, regular expressions use JavaScript's syntax (through
 * the connection's `regexp` function). A filter with no prefix is a `RangeError`; a regular
 * expression that does not compile is a `SyntaxError`, both thrown here rather than mid-read.
 */
export function filterToSql(filter: EventFilter | undefined): SqlPredicate {
  if (filter === undefined) return { sql: '1', params: [] };
  const column = filter.on === 'streamName' ? 'stream_name' : 'type';
  if ('regex' in filter) {
    new RegExp(filter.regex);
    return { sql: `regexp(?, ${column})`, params: [filter.regex] };
  }
  if (filter.prefixes.length === 0) {
    throw new RangeError(`A ${filter.on} filter needs at least one prefix.`);
  }
  const clauses = filter.prefixes.map(() => `substr(${column}, 1, length(?)) = ?`);
  return {
    sql: `(${clauses.join(' OR ')})`,
    params: filter.prefixes.flatMap((prefix) => [prefix, prefix]),
  };
}
