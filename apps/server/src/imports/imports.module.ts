import { Module } from '@nestjs/common';
import { sessionCommandRunnerProvider } from '../sessions/session-command-runner.provider';
import { ImportHistoryHandler } from './import-history.handler';
import { ImportsController } from './imports.controller';
import { IMPORT_RUNNER } from './imports.tokens';

/**
 * Imports of other tools' histories. They write through a session command runner of their own:
 * the same decider, expected revisions and event ids as the sessions module's, so a runtime
 * writing to the session meanwhile is caught by the expected revision, never overwritten.
 */
@Module({
  controllers: [ImportsController],
  providers: [
    sessionCommandRunnerProvider(IMPORT_RUNNER, { snapshots: false }),
    ImportHistoryHandler,
  ],
})
export class ImportsModule {}
