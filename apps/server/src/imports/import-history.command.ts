import { Command } from '@nestjs/cqrs';
import type { ImportSource } from '@agent-ledger/interchange';

/** The ledger's own JSONL export (`format=jsonl`, blobs referenced or included), as text. */
export interface LedgerJsonlSource {
  format: 'jsonl';
  content: string;
}
import type { ImportHistoryResult, SessionWriter } from '@agent-ledger/session-commands';

/** Import a history in another tool's format into a session (and its sub-agents' sessions). */
export class ImportHistoryCommand extends Command<ImportHistoryResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly source: ImportSource | LedgerJsonlSource,
    readonly createdAt: string | undefined,
    /** The data subject of the imported sessions (see `AppendMessages.subjectId`). */
    readonly subjectId?: string,
  ) {
    super();
  }
}
