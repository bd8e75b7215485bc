import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCommandRunner, type SessionCommandResult } from '@agent-ledger/session-commands';
import { CLOCK, type Clock } from '../../tokens';
import { modelCallOfAiSdkStep } from '../model-call-of-ai-sdk-step';
import { RecordAiSdkStepCommand } from './record-ai-sdk-step.command';

/**
 * Turns the step into the decider's `RecordModelCall` (positional message ids in the generation,
 * see `modelCallOfAiSdkStep`) and runs it: the new messages and the `ModelCallRecorded` event are
 * one append; a re-sent step appends nothing.
 */
@CommandHandler(RecordAiSdkStepCommand)
export class RecordAiSdkStepHandler implements ICommandHandler<RecordAiSdkStepCommand> {
  constructor(
    private readonly runner: SessionCommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(command: RecordAiSdkStepCommand): Promise<SessionCommandResult> {
    const call = modelCallOfAiSdkStep(
      command.sessionId,
      command.messages,
      command.facts,
      this.clock(),
    );
    return this.runner.run(
      command.subjectId === undefined ? call : { ...call, subjectId: command.subjectId },
      command.expectedRevision,
      command.writer,
    );
  }
}
