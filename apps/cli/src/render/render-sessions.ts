import type { SessionSummary } from '@agent-ledger/read-models';
import { formatTable } from './format-table';

/** The session list as a table, newest activity first (the order given). */
export function renderSessions(sessions: readonly SessionSummary[]): string {
  if (sessions.length === 0) return 'No sessions.';
  return formatTable(
    [
      'SESSION',
      'LAST ACTIVITY',
      'MESSAGES',
      'COMPACTIONS',
      'PRUNINGS',
      'REVISION',
      'STATE',
      'AGENTS',
    ],
    sessions.map((session) => [
      session.sessionId,
      session.lastActivityAt,
      String(session.messageCount),
      String(session.compactionCount),
      String(session.pruningCount),
      String(session.revision),
      session.ended ? 'ended' : 'open',
      session.agents.join(','),
    ]),
  );
}
