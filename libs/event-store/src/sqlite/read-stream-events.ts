import { setImmediate as nextTurn } from 'node:timers/promises';
import { StreamDeletedError, StreamNotFoundError } from '../errors';
import type { ReadStreamOptions, RecordedEvent } from '../event-store';
import { visibleRevisions } from '../visible-revisions';
import { toRecordedEvent } from './event-row';
import type { SqliteStatements } from './prepare-statements';
import { readWriteState } from './read-write-state';

/** What a stream read needs from the store. */
export interface StreamReadContext {
  statements: SqliteStatements;
  pageSize: number;
  now: () => Date;
}

/**
 * Reads a stream page by page (one query per page, the event loop free between pages), within the
 * revisions its metadata leaves visible and that existed when the read began. Throws on the first
 * `next()` for a missing, soft-deleted or tombstoned stream.
 */
export async function* readStreamEvents(
  context: StreamReadContext,
  streamName: string,
  options: ReadStreamOptions,
): AsyncGenerator<RecordedEvent, void, undefined> {
  const { statements, pageSize } = context;
  const { state, metadata } = readWriteState(statements, streamName);
  if (state.tombstoned) throw new StreamDeletedError(streamName);
  if (state.lastRevision < 0 || state.softDeleted) throw new StreamNotFoundError(streamName);
  const visible = visibleRevisions(metadata, state.lastRevision, context.now());
  const createdNotBefore = visible.createdNotBefore ?? '';
  const forwards = (options.direction ?? 'forwards') === 'forwards';
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  let next = startRevision(options.fromRevision, forwards, state.lastRevision);
  while (remaining > 0) {
    const limit = Math.min(pageSize, remaining);
    const rows = forwards
      ? statements.streamForwards.all(
          streamName,
          Math.max(next, visible.from),
          visible.to,
          createdNotBefore,
          limit,
        )
      : statements.streamBackwards.all(
          streamName,
          Math.min(next, visible.to),
          visible.from,
          createdNotBefore,
          limit,
        );
    for (const row of rows) yield toRecordedEvent(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < limit) return;
    remaining -= rows.length;
    next = forwards ? last.revision + 1 : last.revision - 1;
    await nextTurn();
  }
}

function startRevision(
  from: ReadStreamOptions['fromRevision'],
  forwards: boolean,
  lastRevision: number,
): number {
  if (from === undefined) return forwards ? 0 : lastRevision;
  if (from === 'start') return 0;
  if (from === 'end') return forwards ? lastRevision + 1 : lastRevision;
  return from;
}
