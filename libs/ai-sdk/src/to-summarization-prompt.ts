import type { CompactMessage, ModelMessage } from '@agent-ledger/projections';
import { promptOf, type AiSdkPrompt } from './to-ai-sdk-prompt';
import type { SerializationFallback } from './serialization-report';
import { toAiSdkMessagesWithReport } from './to-ai-sdk-messages-with-report';

/** What the summarizer is told to do, unless the caller gives its own instructions. */
export const DEFAULT_SUMMARIZATION_INSTRUCTIONS =
  'You summarize a conversation between a user and an AI agent so that the agent can continue it ' +
  'with only your summary in its context. Write a concise summary of: what the user asked for and ' +
  'why; what was done (files read and changed, commands run, tool results that matter, with exact ' +
  'names, paths and identifiers); decisions and their reasons; what failed; what is still open and ' +
  'what to do next. Write only the summary.';

/** The last user turn of a summarization call. */
export const SUMMARIZATION_REQUEST = 'Summarize the conversation above, as instructed.';

/** Options of {@link toSummarizationPrompt}. */
export interface SummarizationPromptOptions {
  provider?: string | undefined;
  /** Replaces {@link DEFAULT_SUMMARIZATION_INSTRUCTIONS}. */
  instructions?: string | undefined;
}

/** A ready-to-send summarization call, and what the serializer had to fall back on. */
export interface SummarizationPrompt extends AiSdkPrompt {
  fallbacks: SerializationFallback[];
}

/**
 * The compact view (`projectToCompact`) as a summarization call for
 * `generateText({ model, system, messages })`, whose text is the next `compact_summary`:
 * - `system`: the instructions, then the session's own system text (its system notes) inside
 *   `<session-system-prompt>`, so the summarizer knows what the agent was told;
 * - `messages`: the conversation, with every tool call and result as assistant text (the call is
 *   made without tools, and providers refuse tool calls with no tool defined), later system text as
 *   reminders, and a last user turn asking for the summary.
 */
export function toSummarizationPrompt(
  messages: readonly CompactMessage[],
  options: SummarizationPromptOptions = {},
): SummarizationPrompt {
  const request: ModelMessage = {
    view: 'model',
    role: 'user',
    semanticType: 'user_input',
    sourceMessageIds: [],
    content: SUMMARIZATION_REQUEST,
  };
  const { messages: serialized, fallbacks } = toAiSdkMessagesWithReport(
    [...messages.map((message): ModelMessage => ({ ...message, view: 'model' })), request],
    { provider: options.provider, toolCallsAsText: true },
  );
  const prompt = promptOf(serialized);
  const instructions = options.instructions ?? DEFAULT_SUMMARIZATION_INSTRUCTIONS;
  return {
    system:
      prompt.system === undefined
        ? instructions
        : `${instructions}\n\n<session-system-prompt>\n${prompt.system}\n</session-system-prompt>`,
    messages: prompt.messages,
    fallbacks,
  };
}
