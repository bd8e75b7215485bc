import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { requestDigest } from '../request-digest';
import { HandoffSessionCommand } from './handoff-session.command';

/**
 * Gives the hand-off's two messages ids that a retry reproduces: `<handoffId>:summary` and
 * `<handoffId>:switch`, where `handoffId` defaults to a digest of the request.
 */
@CommandHandler(HandoffSessionCommand)
export class HandoffSessionHandler implements ICommandHandler<HandoffSessionCommand> {
  constructor(private readonly runner: SessionCommandRunner) {}

  execute(command: HandoffSessionCommand): Promise<SessionCommandResult> {
    const { handoffId, ...handoff } = command.handoff;
    const id =
      handoffId ??
      `handoff-${requestDigest({ ...handoff, expectedRevision: command.expectedRevision })}`;
    return this.runner.run(
      {
        type: 'HandoffSession',
        sessionId: command.sessionId,
        ...handoff,
        summaryMessageId: `${id}:summary`,
        switchNoteMessageId: `${id}:switch`,
      },
      command.expectedRevision,
      command.writer,
    );
  }
}
