import { Command } from '@nestjs/cqrs';
import type { OverflowAttempt } from '@agent-ledger/events';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** Record that a call refused for its context length was recovered (`ContextOverflowRecovered`). */
export class RecordOverflowRecoveryCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly recovery: {
      recoveryId: string;
      provider: string;
      call?: 'model' | 'summarization';
      attempts: OverflowAttempt[];
    },
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
