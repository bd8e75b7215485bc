import { setImmediate as nextTurn } from 'node:timers/promises';
import { StreamDeletedError, StreamNotFoundError } from '../errors';
import type { ReadStreamOptions, RecordedEvent } from '../event-store';
import { visibleRevisions } from '../visible-revisions';
import { toRecordedEvent, type EventRow } from './event-row';
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
  const types = options.types === undefined ? undefined : JSON.stringify(options.types);
  let next = startRevision(options.fromRevision, forwards, state.lastRevision);
  while (remaining > 0) {
    const limit = Math.min(pageSize, remaining);
    const rows = readPage(statements, streamName, {
      forwards,
      next,
      visible,
      createdNotBefore,
      types,
      limit,
    });
    for (const row of rows) yield toRecordedEvent(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < limit) return;
    remaining -= rows.length;
    next = forwards ? last.revision + 1 : last.revision - 1;
    await nextTurn();
  }
}

/** One page of the read: at most `limit` rows from `next` on, in the read's direction. */
function readPage(
  statements: SqliteStatements,
  streamName: string,
  page: {
    forwards: boolean;
    next: number;
    visible: { from: number; to: number };
    createdNotBefore: string;
    /** JSON array of the types asked for; all types when undefined. */
    types: string | undefined;
    limit: number;
  },
): EventRow[] {
  const { forwards, next, visible, createdNotBefore, types, limit } = page;
  const from = Math.max(next, visible.from);
  const to = Math.min(next, visible.to);
  if (types === undefined) {
    return forwards
      ? statements.streamForwards.all(streamName, from, visible.to, createdNotBefore, limit)
      : statements.streamBackwards.all(streamName, to, visible.from, createdNotBefore, limit);
  }
  return forwards
    ? statements.streamForwardsOfTypes.all(
        streamName,
        from,
        visible.to,
        createdNotBefore,
        types,
        limit,
      )
    : statements.streamBackwardsOfTypes.all(
        streamName,
        to,
        visible.from,
        createdNotBefore,
        types,
        limit,
      );
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
