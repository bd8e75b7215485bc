import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { EndSessionCommand } from './end-session.command';

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: EndSessionCommand): Promise<SessionCommandResult> {
    return this.runner.run(
      {
        type: 'EndSession',
        sessionId: command.sessionId,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
