import type { RecordedEvent } from '@agent-ledger/event-store';
import type { SessionLog } from './session-log';

/**
 * A session stream read backwards along its current line (`currentLine` of the events lib): from
 * `fromRevision` (default its end), every event, but on a `SessionRewound` to revision R (yielded
 * too) the read goes on from R, so what the rewind undid is never read. A model window read this
 * way costs what it costs without rewinds.
 */
export async function* readLineBackwards(
  store: SessionLog,
  streamName: string,
  fromRevision: number | 'end',
): AsyncGenerator<RecordedEvent> {
  let from = fromRevision;
  for (;;) {
    let jumpTo: number | undefined;
    for await (const recorded of store.readStream(streamName, {
      direction: 'backwards',
      fromRevision: from,
    })) {
      yield recorded;
      jumpTo = rewindTarget(recorded);
      if (jumpTo !== undefined) break;
    }
    if (jumpTo === undefined) return;
    from = jumpTo;
  }
}

/** The revision a stored `SessionRewound` goes back to (one before it, read as stored), else none. */
function rewindTarget(recorded: RecordedEvent): number | undefined {
  if (recorded.type !== 'SessionRewound') return undefined;
  const { toRevision } = recorded.data as { toRevision?: unknown };
  return typeof toRevision === 'number' &&
    Number.isSafeInteger(toRevision) &&
    toRevision >= 0 &&
    toRevision < recorded.revision
    ? toRevision
    : undefined;
}
