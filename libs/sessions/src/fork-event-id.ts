import { v5 as uuidv5 } from 'uuid';
import { SESSION_EVENT_ID_NAMESPACE } from './session-event-id';

/**
 * The id of the `index`-th event of a fork (its `SessionStarted` is 0), derived from the new
 * session, the source and the revision (UUID v5): a retried fork appends the very same events,
 * and a fork of another source or revision under the same new id has other ids.
 */
export function forkEventId(
  sessionKey: string,
  sourceKey: string,
  revision: number,
  index: number,
): string {
  return uuidv5(
    Buffer.from(`${sessionKey}\u0000fork\u0000${sourceKey}\u0000${revision}\u0000${index}`, 'utf8'),
    SESSION_EVENT_ID_NAMESPACE,
  );
}
