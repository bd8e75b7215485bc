import { Command } from '@nestjs/cqrs';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** End the session: later commands that would add to it are refused (422 SessionAlreadyEnded). */
export class EndSessionCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly reason?: string,
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
