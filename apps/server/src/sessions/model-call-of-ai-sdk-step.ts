import { fromAiSdkMessages, type ResponseMessageSource } from '@agent-ledger/ai-sdk';
import type { RuntimeMessage } from '@agent-ledger/messages';
import type { ModelCallFacts, RecordModelCall } from '@agent-ledger/sessions';
import type { AssistantModelMessage, ToolModelMessage } from 'ai';
import type { AiSdkStepFacts } from './commands/record-ai-sdk-step.command';
import { requestDigest } from './request-digest';

/**
 * The decider command for one AI SDK step. `messages` is the step's `response.messages`, which
 * the AI SDK accumulates over a generation (one `generateText` call), so ids are positional in
 * the generation: the message at index k becomes `<generationId>:<k>`, or `<generationId>:<k>.<j>`
 * when it becomes several runtime messages (a message always becomes the same ones, so the ids of
 * index k never change). The same message sent again at its index is then a retry.
 *
 * The generation is `generationId`, else the deprecated `stepId`, else `gen-<digest>` of the
 * first response message with `runId` and `agentName` (the same for every step of a generation;
 * of the whole step when there is no message). The call is
 * `<generationId>:step-<stepNumber>`, else `<generationId>:response-<responseId>`, else
 * `<generationId>:messages-<count>`.
 */
export function modelCallOfAiSdkStep(
  sessionId: string,
  messages: Array<AssistantModelMessage | ToolModelMessage>,
  facts: AiSdkStepFacts,
  now: string,
): RecordModelCall {
  const { generationId: _given, stepId: _stepId, ...call } = facts;
  const generationId = facts.generationId ?? facts.stepId ?? derivedGenerationId(messages, facts);
  // fromAiSdkMessages asks for one id per runtime message, in order: note which response
  // message each is for, to group them back by index.
  const sourceIndexes: number[] = [];
  const runtime = fromAiSdkMessages(messages, {
    sessionId,
    runId: facts.runId,
    agentName: facts.agentName,
    now,
    generateId: (source) => {
      sourceIndexes.push(source.messageIndex);
      return positionalId(generationId, source);
    },
  });
  const responseMessages: RuntimeMessage[][] = messages.map(() => []);
  runtime.forEach((message, index) => responseMessages[sourceIndexes[index] ?? 0]?.push(message));
  const modelCall: ModelCallFacts = {
    ...call,
    callId: callIdOf(generationId, facts, messages.length),
    generationId,
  };
  return { type: 'RecordModelCall', sessionId, responseMessages, call: modelCall };
}

function positionalId(generationId: string, source: ResponseMessageSource): string {
  return source.runCount === 1
    ? `${generationId}:${source.messageIndex}`
    : `${generationId}:${source.messageIndex}.${source.runIndex}`;
}

function derivedGenerationId(
  messages: Array<AssistantModelMessage | ToolModelMessage>,
  facts: AiSdkStepFacts,
): string {
  const [first] = messages;
  // Not `contextRevision`: it moves with every step (the revision the previous step's recording
  // answered), while the generation must stay the same for all of them.
  const { runId, agentName } = facts;
  return `gen-${requestDigest(first !== undefined ? { first, runId, agentName } : facts)}`;
}

function callIdOf(generationId: string, facts: AiSdkStepFacts, messageCount: number): string {
  if (facts.stepNumber !== undefined) return `${generationId}:step-${facts.stepNumber}`;
  if (facts.responseId !== undefined) return `${generationId}:response-${facts.responseId}`;
  return `${generationId}:messages-${messageCount}`;
}
