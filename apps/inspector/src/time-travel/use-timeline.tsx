import type { LedgerClient, StoredEvent } from '@agent-ledger/client';
import { sessionTimeline, type SessionTimeline } from '../model/session-timeline';
import { useAsync, type Async } from '../use-async';

/** The session's timeline from its raw events, read again when the session moves on. */
export function useTimeline(
  client: LedgerClient,
  sessionId: string,
  latestRevision: number,
): Async<SessionTimeline> {
  return useAsync(async () => {
    const events: StoredEvent[] = [];
    for await (const event of client.events(sessionId, { limit: 1000 })) events.push(event);
    return sessionTimeline(events);
  }, [client, sessionId, latestRevision]);
}
