import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReadAllOptions, RecordedEvent } from '../event-store';
import type { AllStatements } from './all-statements';
import { toRecordedEvent } from './event-row';
import { filterToSql } from './filter-to-sql';

/**
 * Reads `$all` page by page in position order, filtering in SQL, the event loop free between
 * pages. A forward read goes on past events appended while it runs; use `maxCount` or a
 * subscription to bound or follow it.
 */
export async function* readAllEvents(
  statements: AllStatements,
  pageSize: number,
  options: ReadAllOptions,
): AsyncGenerator<RecordedEvent, void, undefined> {
  const predicate = filterToSql(options.filter);
  const direction = options.direction ?? 'forwards';
  const forwards = direction === 'forwards';
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  let next = startPosition(options.fromPosition, forwards);
  while (remaining > 0) {
    const limit = Math.min(pageSize, remaining);
    const rows = statements.readPage(predicate, direction, next, limit);
    for (const row of rows) yield toRecordedEvent(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < limit) return;
    remaining -= rows.length;
    next = forwards ? last.position + 1 : last.position - 1;
    await nextTurn();
  }
}

function startPosition(from: ReadAllOptions['fromPosition'], forwards: boolean): number {
  if (from === undefined) return forwards ? 0 : Number.MAX_SAFE_INTEGER;
  if (from === 'start') return forwards ? 0 : -1;
  if (from === 'end') return Number.MAX_SAFE_INTEGER;
  return from;
}
