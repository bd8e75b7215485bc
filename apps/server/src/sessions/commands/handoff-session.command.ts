import { Command } from '@nestjs/cqrs';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';

/** What a hand-off says; `handoffId` makes its message ids (derived from the rest when absent). */
export interface HandoffDetails {
  fromAgent: string;
  toAgent: string;
  summary: string;
  reason?: string;
  runId?: string;
  handoffId?: string;
}

/** One agent hands the session to another: a `handoff_summary` and an `agent_switch_note`, together. */
export class HandoffSessionCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly handoff: HandoffDetails,
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
