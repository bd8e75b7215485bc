import { Command } from '@nestjs/cqrs';
import type { ImportSource } from '@agent-ledger/interchange';
import type { ImportHistoryResult, SessionWriter } from '@agent-ledger/session-commands';

/** Import a history in another tool's format into a session (and its sub-agents' sessions). */
export class ImportHistoryCommand extends Command<ImportHistoryResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly source: ImportSource,
    readonly createdAt: string | undefined,
    /** The data subject of the imported sessions (see `AppendMessages.subjectId`). */
    readonly subjectId?: string,
  ) {
    super();
  }
}
