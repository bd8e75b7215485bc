/** The provider-compatibility rules the serializer applies for one provider. */
export interface ProviderProfile {
  /**
   * System text is accepted only at the very start: every later system message becomes a
   * `<system-reminder>` text in a user message.
   */
  systemOnlyAtStart: boolean;
  /** User and assistant turns must alternate and the first turn must be a user turn. */
  strictTurns: boolean;
  /** Reasoning parts without an Anthropic signature (or redacted data) are dropped. */
  dropUnsignedReasoning: boolean;
  /**
   * Which file parts of assistant messages the provider sends; the others become a text note
   * (`assistantFileText`). `none`: Anthropic and OpenAI drop them silently. `inline-data`: Google
   * sends base64 and `data:` URLs and throws on other URLs.
   */
  assistantFiles: 'none' | 'inline-data';
}

/** Providers that take system messages anywhere and do not require alternating turns. */
const PERMISSIVE_PROVIDERS = new Set(['openai', 'azure']);

/** Providers that send file parts of assistant messages (as inline data). */
const INLINE_ASSISTANT_FILE_PROVIDERS = new Set(['google', 'google-vertex']);

/**
 * The rules for a provider id. The id is read up to its first dot, so AI SDK provider strings
 * (`anthropic.messages`, `openai.responses`) work too.
 *
 * Only OpenAI (and Azure OpenAI) are permissive. Anthropic, Google and every unknown or absent
 * provider get the strict rules: a history that Anthropic accepts is accepted everywhere.
 *
 * One rule holds for every provider and so has no flag: provider-executed tool calls (and calls
 * named like an `Object.prototype` member) are sent with their results as assistant text
 * (`toolCallText`), since no provider can replay another's server tools and the runtime messages
 * do not record which provider ran them.
 */
export function providerProfileOf(provider: string | undefined): ProviderProfile {
  const family = provider?.toLowerCase().split('.')[0];
  const assistantFiles =
    family !== undefined && INLINE_ASSISTANT_FILE_PROVIDERS.has(family) ? 'inline-data' : 'none';
  if (family !== undefined && PERMISSIVE_PROVIDERS.has(family)) {
    return {
      systemOnlyAtStart: false,
      strictTurns: false,
      dropUnsignedReasoning: false,
      assistantFiles,
    };
  }
  return {
    systemOnlyAtStart: true,
    strictTurns: true,
    dropUnsignedReasoning: family === 'anthropic',
    assistantFiles,
  };
}
