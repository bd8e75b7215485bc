import {
  SessionNotFoundError,
  type SessionListReader,
  type SessionSummary,
} from '@agent-ledger/read-models';

/** The session's row in the session list, or `SessionNotFound` (404). */
export function requireSession(sessions: SessionListReader, sessionId: string): SessionSummary {
  const summary = sessions.session(sessionId);
  if (summary === undefined) throw new SessionNotFoundError(sessionId);
  return summary;
}
