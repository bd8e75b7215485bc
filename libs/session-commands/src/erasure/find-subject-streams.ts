import type { EventStore } from '@agent-ledger/event-store';
import { SESSION_STREAM_PREFIX, splitSessionKey } from '@agent-ledger/events';

/** A session stream of the subject, with the public id of its session. */
export interface SubjectStream {
  sessionId: string;
  streamName: string;
}

/**
 * Every session stream of `tenant` whose `SessionStarted` names `subjectId` (a fork carries its
 * source's subject, so forks are found too), in the order of `$all`. Reads the `SessionStarted`
 * events of `$all` (a type filter the store runs): exact whatever the read models say. A stream
 * erased on EventStoreDB is still met (its bytes stay until a scavenge); the caller skips the
 * streams that no longer exist.
 */
export async function findSubjectStreams(
  store: EventStore,
  tenant: string,
  subjectId: string,
): Promise<SubjectStream[]> {
  const found = new Map<string, SubjectStream>();
  for await (const recorded of store.readAll({
    filter: { on: 'eventType', prefixes: ['SessionStarted'] },
  })) {
    if (recorded.type !== 'SessionStarted') continue;
    if (!recorded.streamName.startsWith(SESSION_STREAM_PREFIX)) continue;
    const data = recorded.data;
    if (typeof data !== 'object' || data === null || !('subjectId' in data)) continue;
    if (data.subjectId !== subjectId) continue;
    const key = splitSessionKey(recorded.streamName.slice(SESSION_STREAM_PREFIX.length));
    if (key.tenant !== tenant) continue;
    found.set(recorded.streamName, { sessionId: key.sessionId, streamName: recorded.streamName });
  }
  return [...found.values()];
}
