import { Command } from '@nestjs/cqrs';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import type { SessionCommandResult } from '../session-command-runner';

/** Record one model step: the AI SDK's `response.messages`, converted to runtime messages. */
export class RecordAiSdkStepCommand extends Command<SessionCommandResult> {
  constructor(
    readonly sessionId: string,
    readonly messages: Array<AssistantModelMessage | ToolModelMessage>,
    readonly options: { stepId?: string; runId?: string; agentName?: string } = {},
    readonly expectedRevision?: number,
  ) {
    super();
  }
}
