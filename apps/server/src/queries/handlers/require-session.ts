import { SessionNotFoundError } from '@agent-ledger/events';
import { type SessionListReader, type SessionSummary } from '@agent-ledger/read-models';
import type { SessionRef } from '../../access/session-ref';

/**
 * The session's row in the session list, or `SessionNotFound` (404), also for a session of
 * another tenant: its key is another, so it is not there to find; and for a session whose
 * content a retention run stripped (listed, marked `contentErased`, with nothing to show).
 */
export function requireSession(sessions: SessionListReader, session: SessionRef): SessionSummary {
  const summary = sessions.session(session.key);
  if (summary === undefined || summary.contentErased === true) {
    throw new SessionNotFoundError(session.sessionId);
  }
  return summary;
}
