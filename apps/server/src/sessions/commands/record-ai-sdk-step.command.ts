import type { ModelCallContextTokens, ModelCallCost, ModelCallUsage } from '@agent-ledger/events';
import type { ProviderOptions } from '@agent-ledger/messages';
import { Command } from '@nestjs/cqrs';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import type { SessionCommandResult, SessionWriter } from '@agent-ledger/session-commands';
import type { SentBlobReferences } from '../extract-blob-references';

/** What the runtime says of a step besides its messages (all optional, as `onStepFinish` has them). */
export interface AiSdkStepFacts {
  generationId?: string;
  /** Deprecated alias of `generationId`. */
  stepId?: string;
  stepNumber?: number;
  runId?: string;
  agentName?: string;
  provider?: string;
  modelId?: string;
  responseId?: string;
  finishReason?: string;
  usage?: ModelCallUsage;
  providerMetadata?: ProviderOptions;
  contextRevision?: number;
  /** Milliseconds, as the runtime measured the call. */
  latencyMs?: number;
  /** Sent by the runtime, else read from `providerMetadata` where the provider reported it. */
  cost?: ModelCallCost;
  /** The model context's `tokens` for the context the call was sent. */
  contextTokens?: ModelCallContextTokens;
}

/**
 * Record one model step: the AI SDK's `response.messages` of the generation so far (converted to
 * runtime messages, each recorded once) and the model call itself.
 */
export class RecordAiSdkStepCommand extends Command<SessionCommandResult> {
  constructor(
    readonly writer: SessionWriter,
    readonly sessionId: string,
    readonly messages: Array<AssistantModelMessage | ToolModelMessage>,
    readonly facts: AiSdkStepFacts = {},
    readonly expectedRevision?: number,
    /** The data subject the session's first append records (see `AppendMessages.subjectId`). */
    readonly subjectId?: string,
    /** Content uploaded before that the step refers to (`extractBlobReferences`). */
    readonly blobReferences: SentBlobReferences = {
      outputs: new Map(),
      inputs: new Map(),
      texts: new Map(),
    },
  ) {
    super();
  }
}
