import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { CompactSessionCommand } from './compact-session.command';

@CommandHandler(CompactSessionCommand)
export class CompactSessionHandler implements ICommandHandler<CompactSessionCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: CompactSessionCommand): Promise<SessionCommandResult> {
    return this.runner.run(
      {
        type: 'CompactSession',
        sessionId: command.sessionId,
        boundary: command.boundary,
        summary: command.summary,
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
