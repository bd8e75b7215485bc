import type { LedgerClient, StoredEvent } from '@agent-ledger/client';
import {
  modelCallOfEntry,
  sessionTimeline,
  timelineFromSearch,
  type SessionTimeline,
  type TimelineHit,
} from '../model/session-timeline';
import { useAsync, type Async } from '../use-async';

/** Kinds whose messages are the slider's stops when the raw events may not be read. */
const STOP_KINDS = [
  'user_input',
  'compact_boundary',
  'compact_summary',
  'agent_switch_note',
] as const;

/**
 * The session's timeline, read again when the session moves on: from the raw events with the
 * `audit` scope, else from the session's search and recorded model calls (what a `read` key may
 * see).
 */
export function useTimeline(
  client: LedgerClient,
  sessionId: string,
  latestRevision: number,
  audit: boolean,
): Async<SessionTimeline> {
  return useAsync(async () => {
    if (audit) {
      const events: StoredEvent[] = [];
      for await (const event of client.events(sessionId, { limit: 1000 })) events.push(event);
      return sessionTimeline(events);
    }
    const hits: TimelineHit[] = [];
    for (const kind of STOP_KINDS) {
      for await (const hit of client.search({ q: `kind:${kind}`, limit: 200 }, sessionId))
        hits.push(hit);
    }
    const calls = [];
    for await (const call of client.modelCalls(sessionId)) calls.push(modelCallOfEntry(call));
    return timelineFromSearch(hits, calls, latestRevision);
  }, [client, sessionId, latestRevision, audit]);
}
