import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { RecordOverflowRecoveryCommand } from './record-overflow-recovery.command';

@CommandHandler(RecordOverflowRecoveryCommand)
export class RecordOverflowRecoveryHandler implements ICommandHandler<RecordOverflowRecoveryCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: RecordOverflowRecoveryCommand): Promise<SessionCommandResult> {
    return this.runner.run(
      { type: 'RecordOverflowRecovery', sessionId: command.sessionId, ...command.recovery },
      command.expectedRevision,
      command.writer,
    );
  }
}
