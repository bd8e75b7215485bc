import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { AppendMessagesCommand } from './append-messages.command';

@CommandHandler(AppendMessagesCommand)
export class AppendMessagesHandler implements ICommandHandler<AppendMessagesCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: AppendMessagesCommand): Promise<SessionCommandResult> {
    return this.runner.run(
      {
        type: 'AppendMessages',
        sessionId: command.sessionId,
        messages: command.messages,
        ...(command.subjectId === undefined ? {} : { subjectId: command.subjectId }),
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
