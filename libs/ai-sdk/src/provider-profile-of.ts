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
}

/** Providers that take system messages anywhere and do not require alternating turns. */
const PERMISSIVE_PROVIDERS = new Set(['openai', 'azure']);

/**
 * The rules for a provider id. The id is read up to its first dot, so AI SDK provider strings
 * (`anthropic.messages`, `openai.responses`) work too.
 *
 * Only OpenAI (and Azure OpenAI) are permissive. Anthropic, Google and every unknown or absent
 * provider get the strict rules: a history that Anthropic accepts is accepted everywhere.
 */
export function providerProfileOf(provider: string | undefined): ProviderProfile {
  const family = provider?.toLowerCase().split('.')[0];
  if (family !== undefined && PERMISSIVE_PROVIDERS.has(family)) {
    return { systemOnlyAtStart: false, strictTurns: false, dropUnsignedReasoning: false };
  }
  return {
    systemOnlyAtStart: true,
    strictTurns: true,
    dropUnsignedReasoning: family === 'anthropic',
  };
}
