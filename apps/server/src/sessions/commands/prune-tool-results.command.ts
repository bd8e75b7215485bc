import type { PruneSelection } from '@agent-ledger/sessions';
import { Command } from '@nestjs/cqrs';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** Mark tool results as pruned, named by id or selected by a policy. */
export class PruneToolResultsCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly selection: PruneSelection,
    readonly reason?: string,
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
