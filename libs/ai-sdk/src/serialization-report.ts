import type { ModelMessage as AiSdkModelMessage } from 'ai';

/** Options of the serializer. */
export interface AiSdkSerializerOptions {
  /**
   * Provider id (`anthropic`, `openai`, `google`, or an AI SDK provider string such as
   * `anthropic.messages`). Decides the provider-compatibility rules; see `providerProfileOf`.
   */
  provider?: string | undefined;
}

/** Names of the serializer's fallback rules: each one repairs a combination the AI SDK or a provider rejects. */
export type FallbackRule =
  /** A message with no content left (blank text, every part dropped) was removed. */
  | 'empty-message-dropped'
  /** A blank text part was removed (providers reject empty text blocks). */
  | 'empty-part-dropped'
  /** A part sat in a message of the wrong role and was moved to a message of the right one. */
  | 'misplaced-part-moved'
  /** A part that has no meaning in its role (reasoning outside the assistant) was removed. */
  | 'misplaced-part-dropped'
  /** A system message after the conversation started became a `<system-reminder>` user text. */
  | 'system-moved-to-user'
  /** Reasoning without the provider's signature was removed (Anthropic would drop it anyway). */
  | 'unsigned-reasoning-dropped'
  /** A second tool call with an already used `toolCallId` was removed. */
  | 'duplicate-tool-call-dropped'
  /** A tool call had no result: a synthetic error (or execution-denied) result was added after it. */
  | 'missing-tool-result'
  /** A tool result with no preceding call of the same id was removed. */
  | 'orphan-tool-result-dropped'
  /** A second result for an already answered call was removed. */
  | 'duplicate-tool-result-dropped'
  /** A tool result did not directly follow its call and was moved there. */
  | 'tool-result-moved'
  /** A tool result named another tool than its call; the call's name was used. */
  | 'tool-name-mismatch'
  /** An approval request for an unknown (or later) tool call was removed. */
  | 'orphan-approval-request-dropped'
  /** An approval request reusing an `approvalId` was removed. */
  | 'duplicate-approval-request-dropped'
  /** An approval response with no preceding request was removed. */
  | 'orphan-approval-response-dropped'
  /** A second response to the same approval request was removed. */
  | 'duplicate-approval-response-dropped'
  /** The first turn was not a user turn: a placeholder user message was inserted. */
  | 'leading-user-inserted'
  /**
   * A tool call the providers cannot replay as a call (provider-executed, or named like an
   * `Object.prototype` member) was sent, with its approval and result, as assistant text.
   */
  | 'tool-call-as-text'
  /** A file in an assistant message, which the provider would drop or refuse, became a text note. */
  | 'assistant-file-as-text';

/** One fallback the serializer applied, with the model-view messages it came from. */
export interface SerializationFallback {
  rule: FallbackRule;
  /** What was wrong and what was done, for a person reading a debug view. */
  detail: string;
  sourceMessageIds?: string[];
}

/** The serializer's output together with every fallback it had to apply. */
export interface SerializationReport {
  messages: AiSdkModelMessage[];
  fallbacks: SerializationFallback[];
}
