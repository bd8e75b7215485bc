import type { RuntimeMessage } from '@agent-ledger/messages';
import { Command } from '@nestjs/cqrs';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** Record a batch of runtime messages (one agent turn) atomically; the first append starts the session. */
export class AppendMessagesCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly messages: RuntimeMessage[],
    readonly expectedRevision?: number,
    /** The data subject the session's first append records (see `AppendMessages.subjectId`). */
    readonly subjectId?: string,
  ) {
    super();
  }
}
