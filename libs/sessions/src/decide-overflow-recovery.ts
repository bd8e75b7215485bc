import type { SessionEvent } from '@agent-ledger/events';
import type { RecordOverflowRecovery, SessionDecisionContext } from './session-command';

/**
 * The `ContextOverflowRecovered` event of a recovery, for a session the caller checked is active.
 * Its event id comes from `recoveryId` (`sessionEventId`), so a retried command writes nothing.
 */
export function decideOverflowRecovery(
  command: RecordOverflowRecovery,
  context: SessionDecisionContext,
): SessionEvent[] {
  const { sessionId, recoveryId, provider, call, attempts } = command;
  return [
    {
      type: 'ContextOverflowRecovered',
      data: {
        sessionId,
        recoveryId,
        provider,
        ...(call === undefined ? {} : { call }),
        attempts: attempts.map((attempt) => ({ ...attempt })),
        recordedAt: context.now,
      },
    },
  ];
}
