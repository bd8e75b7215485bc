import { Module } from '@nestjs/common';
import { SessionCommandRunner } from '@agent-ledger/session-commands';
import { AppendMessagesHandler } from './commands/append-messages.handler';
import { CompactSessionHandler } from './commands/compact-session.handler';
import { EndSessionHandler } from './commands/end-session.handler';
import { HandoffSessionHandler } from './commands/handoff-session.handler';
import { PruneToolResultsHandler } from './commands/prune-tool-results.handler';
import { RecordAiSdkStepHandler } from './commands/record-ai-sdk-step.handler';
import { RecordOverflowRecoveryHandler } from './commands/record-overflow-recovery.handler';
import { sessionCommandRunnerProvider } from './session-command-runner.provider';
import { SessionsController } from './sessions.controller';

/** The write side: the sessions controller, one handler per command, and their shared runner. */
@Module({
  controllers: [SessionsController],
  providers: [
    sessionCommandRunnerProvider(SessionCommandRunner, { snapshots: true }),
    AppendMessagesHandler,
    CompactSessionHandler,
    PruneToolResultsHandler,
    HandoffSessionHandler,
    RecordAiSdkStepHandler,
    EndSessionHandler,
    RecordOverflowRecoveryHandler,
  ],
  exports: [SessionCommandRunner],
})
export class SessionsModule {}
