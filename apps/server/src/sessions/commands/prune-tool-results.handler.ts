import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { PruneToolResultsCommand } from './prune-tool-results.command';

@CommandHandler(PruneToolResultsCommand)
export class PruneToolResultsHandler implements ICommandHandler<PruneToolResultsCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: PruneToolResultsCommand): Promise<SessionCommandResult> {
    return this.runner.run(
      {
        type: 'PruneToolResults',
        sessionId: command.sessionId,
        ...command.selection,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
