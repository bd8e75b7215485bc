import type { CompactBoundaryMessage, CompactSummaryMessage } from '@agent-ledger/messages';
import { Command } from '@nestjs/cqrs';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** Record a compaction: the boundary and the summary naming it, in one append. */
export class CompactSessionCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly boundary: CompactBoundaryMessage,
    readonly summary: CompactSummaryMessage,
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
