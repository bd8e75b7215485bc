import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import { seedExampleMessages } from './seed-example-messages';

/** When the seed's example prunes m4. */
export const SEED_EXAMPLE_COMPACTED_AT = '2026-04-08T10:00:00Z';

/**
 * The seed's worked example as the log of session `s1`: `SessionStarted`, the five message events
 * m1–m5, then a `ToolResultsPruned` mark on m4 at {@link SEED_EXAMPLE_COMPACTED_AT}. Normalizing it
 * gives the seed's runtime messages (m4 with `compactedAt`, and `toolName: 'Read'` filled in).
 */
export function seedExampleEvents(): SessionEvent[] {
  return [
    { type: 'SessionStarted', data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00Z' } },
    ...seedExampleMessages().map(messageRecorded),
    {
      type: 'ToolResultsPruned',
      data: {
        sessionId: 's1',
        messageIds: ['m4'],
        compactedAt: SEED_EXAMPLE_COMPACTED_AT,
        reason: 'Old tool result no longer needed in full',
      },
    },
  ];
}
