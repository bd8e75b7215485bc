import { fromAiSdkMessages } from '@agent-ledger/ai-sdk';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../tokens';
import { requestDigest } from '../request-digest';
import { SessionCommandRunner, type SessionCommandResult } from '../session-command-runner';
import { RecordAiSdkStepCommand } from './record-ai-sdk-step.command';

/**
 * Converts the step with `fromAiSdkMessages` and appends the result as one batch. The message ids
 * are `<stepId>:0`, `<stepId>:1`, … in output order; without a `stepId` it is `step-<digest of the
 * request>`, so a client that re-sends a step after losing the response records nothing twice.
 */
@CommandHandler(RecordAiSdkStepCommand)
export class RecordAiSdkStepHandler implements ICommandHandler<RecordAiSdkStepCommand> {
  constructor(
    private readonly runner: SessionCommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(command: RecordAiSdkStepCommand): Promise<SessionCommandResult> {
    const { stepId, runId, agentName } = command.options;
    const prefix =
      stepId ??
      `step-${requestDigest({ messages: command.messages, runId, agentName, expectedRevision: command.expectedRevision })}`;
    let next = 0;
    const messages = fromAiSdkMessages(command.messages, {
      sessionId: command.sessionId,
      runId,
      agentName,
      now: this.clock(),
      generateId: () => `${prefix}:${next++}`,
    });
    return this.runner.run(
      { type: 'AppendMessages', sessionId: command.sessionId, messages },
      command.expectedRevision,
    );
  }
}
