import { Module } from '@nestjs/common';
import { sessionCommandRunnerProvider } from '../sessions/session-command-runner.provider';
import { ClaudeCodeEntriesController } from './claude-code-entries.controller';
import { ImportHistoryHandler } from './import-history.handler';
import { ImportsController } from './imports.controller';
import { IMPORT_RUNNER } from './imports.tokens';
import { RecordClaudeCodeEntriesHandler } from './record-claude-code-entries.handler';

/**
 * Imports of other tools' histories, and the raw entries of Claude Agent SDK sessions (mapped
 * as their import would be). They write through a session command runner of their own:
 * the same decider, expected revisions and event ids as the sessions module's, so a runtime
 * writing to the session meanwhile is caught by the expected revision, never overwritten.
 */
@Module({
  controllers: [ImportsController, ClaudeCodeEntriesController],
  providers: [
    sessionCommandRunnerProvider(IMPORT_RUNNER, { snapshots: false }),
    ImportHistoryHandler,
    RecordClaudeCodeEntriesHandler,
  ],
})
export class ImportsModule {}
