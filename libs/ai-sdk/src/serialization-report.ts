import type { ModelMessage as AiSdkModelMessage } from 'ai';

/** Options of the serializer. */
export interface AiSdkSerializerOptions {
  /**
   * Provider id (`anthropic`, `openai`, `google`, or an AI SDK provider string such as
   * `anthropic.messages`). Decides the provider-compatibility rules; see `providerProfileOf`.
   */
  provider?: string | undefined;
  /**
   * Where system text after the start of the conversation goes. `reminders` (default, every
   * provider): a user message holding `<system-reminder>…</system-reminder>`, so `messages` holds no
   * system message but a leading one. `in-place`: left as a system message where the provider takes
   * it (OpenAI); other providers still get reminders.
   */
  systemMessages?: 'reminders' | 'in-place' | undefined;
  /**
   * Every tool call is sent as assistant text with its result (`toolCallText`), and no tool
   * message is sent: for a call made without tools, such as a summarization. Default false.
   */
  toolCallsAsText?: boolean | undefined;
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
  /**
   * Reasoning the provider cannot replay was removed: signed by another provider family, unsigned
   * for a provider that replays only its own, or any reasoning for a provider with no reasoning input.
   */
  | 'reasoning-dropped'
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
  /**
   * A reminder recorded after an approval response was moved before the approved call, so the
   * response stays the last message and `generateText` executes the tool.
   */
  | 'reminder-moved-before-pending-approval'
  /** A tool call the provider did not make got the placeholder signature it requires (Gemini 3). */
  | 'foreign-tool-call-signed'
  /** A tool call awaiting approval got a result saying so (it has not run; the provider needs a result). */
  | 'awaiting-approval-result'
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
