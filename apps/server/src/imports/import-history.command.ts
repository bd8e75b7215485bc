import { Command } from '@nestjs/cqrs';
import type { ImportSource } from '@agent-ledger/interchange';
import type { SessionWriter } from '../sessions/session-command-runner';
import type { ImportHistoryResult } from './run-import-plan';

/** Import a history in another tool's format into a session (and its sub-agents' sessions). */
export class ImportHistoryCommand extends Command<ImportHistoryResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly source: ImportSource,
    readonly createdAt: string | undefined,
  ) {
    super();
  }
}
