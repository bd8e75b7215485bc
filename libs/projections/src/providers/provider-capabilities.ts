import type { ProviderCompactionFamily } from '@agent-ledger/messages';
/** The provider families with a capability table. */
export type ProviderFamily = 'anthropic' | 'openai-responses' | 'openai-chat' | 'google';

/**
 * Which attachments one place of a request takes (user message, assistant message, tool result).
 * An attachment outside the rule would be rejected by the provider, make the adapter throw, or be
 * dropped by the adapter: the projection replaces it by a text hint instead.
 */
export interface AttachmentRule {
  /** Accepted media types, lower case; `type/*` accepts every subtype. Empty: none. */
  mediaTypes: readonly string[];
  /** The data may be a URL (`https:`, `gs:`…); `false`: inline bytes (base64, `data:`) only. */
  urls: boolean;
}

/**
 * Which reasoning parts of assistant messages the adapter replays to the provider.
 * - `all`: every reasoning part is sent (with the provider's signature when the part carries one);
 * - `signed`: only parts whose `providerOptions[providerOptionsKey]` has one of `requiredFields`;
 *   the others are dropped with an AI SDK warning;
 * - `none`: no reasoning is sent; the adapter drops every part without a warning.
 */
export type ReasoningReplay =
  | { sends: 'all'; providerOptionsKey: string; signatureField: string }
  | { sends: 'signed'; providerOptionsKey: string; requiredFields: readonly string[] }
  | { sends: 'none' };

/**
 * What one provider family (its API and its `@ai-sdk/*` adapter) accepts, as data. Each table
 * cites the provider's documentation for every fact and says what the adapter does with the rest.
 * The projection reads the attachment rules; the serializer reads the message rules.
 */
export interface ProviderCapabilities {
  family: ProviderFamily;
  /** Image parts (and file parts whose media type is `image/…`) of user messages. */
  userImages: AttachmentRule;
  /** File parts of user messages whose media type is not `image/…`. */
  userFiles: AttachmentRule;
  /** File parts of assistant messages. */
  assistantFiles: AttachmentRule;
  /** `media` items of a tool result's `content` output (always inline base64). */
  toolResultMedia: AttachmentRule;
  /** A system message after the first user or assistant message is accepted where it stands. */
  systemInMessages: boolean;
  /** Turns must alternate user / assistant and the first turn must be a user turn. */
  strictTurns: boolean;
  reasoning: ReasoningReplay;
  /**
   * Tool calls the provider did not make itself (recorded from another provider, or by the runtime)
   * must carry this provider option to be accepted; the serializer sets it on unsigned calls.
   */
  foreignToolCallSignature?: { providerOptionsKey: string; field: string; value: string };
  /**
   * The family whose provider-side compaction artifacts this adapter sends back (as the provider
   * made them): then they replace the messages they cover. Absent: none; the portable summary is
   * sent instead.
   */
  sendsCompactionsOf?: ProviderCompactionFamily;
}
