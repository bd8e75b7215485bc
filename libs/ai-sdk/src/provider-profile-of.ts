import { providerCapabilitiesOf, type ProviderCapabilities } from '@agent-ledger/projections';
import type { AiSdkSerializerOptions } from './serialization-report';

/** The provider option a reasoning part carries when the provider itself produced it (its signature). */
export interface ReasoningSignature {
  providerOptionsKey: string;
  /** Any of these fields, non-empty, under `providerOptions[providerOptionsKey]`. */
  fields: readonly string[];
}

/** The provider-compatibility rules the serializer applies for one provider. */
export interface ProviderProfile {
  /**
   * System text is sent only at the very start: every later system message becomes a
   * `<system-reminder>` text in a user message. True for every provider unless the caller asks for
   * `systemMessages: 'in-place'` and the provider takes system messages anywhere (OpenAI).
   */
  systemOnlyAtStart: boolean;
  /** User and assistant turns must alternate and the first turn must be a user turn. */
  strictTurns: boolean;
  /**
   * Which reasoning parts are sent: those carrying the provider's own signature (its adapter
   * replays them), `none` (the adapter has no reasoning input), or `all` (unknown provider).
   */
  reasoning: ReasoningSignature | 'none' | 'all';
  /**
   * Which file parts of assistant messages the provider sends; the others become a text note
   * (`assistantFileText`). `none`: Anthropic and OpenAI drop them silently. `inline-data`: Google
   * sends base64 and `data:` URLs and throws on other URLs.
   */
  assistantFiles: 'none' | 'inline-data';
  /** A provider option every function call of the history must carry (Gemini 3's thought signature). */
  foreignToolCallSignature?: { providerOptionsKey: string; field: string; value: string };
}

/** Unknown or absent provider: the strict rules (what Anthropic accepts, everyone accepts). */
const UNKNOWN: Omit<ProviderProfile, 'systemOnlyAtStart'> & { systemAnywhere: boolean } = {
  systemAnywhere: false,
  strictTurns: true,
  reasoning: 'all',
  assistantFiles: 'none',
};

/**
 * The serializer's reading of a provider's capability table (`libs/projections/src/providers`,
 * where each fact cites the provider's documentation and the adapter's code). Reasoning goes only
 * to the family that signed it, also for Google, whose adapter would send any reasoning as a
 * thought: another family's reasoning means nothing to it.
 */
function profileFacts(provider: string | undefined): typeof UNKNOWN {
  const capabilities = providerCapabilitiesOf(provider);
  if (capabilities === undefined) return UNKNOWN;
  return {
    systemAnywhere: capabilities.systemInMessages,
    strictTurns: capabilities.strictTurns,
    reasoning: reasoningSignatureOf(capabilities.reasoning),
    assistantFiles: capabilities.assistantFiles.mediaTypes.length === 0 ? 'none' : 'inline-data',
    ...(capabilities.foreignToolCallSignature === undefined
      ? {}
      : { foreignToolCallSignature: capabilities.foreignToolCallSignature }),
  };
}

/** The signature the table says the adapter replays reasoning with; `none` when it replays none. */
function reasoningSignatureOf(
  replay: ProviderCapabilities['reasoning'],
): ReasoningSignature | 'none' {
  switch (replay.sends) {
    case 'none':
      return 'none';
    case 'signed':
      return { providerOptionsKey: replay.providerOptionsKey, fields: replay.requiredFields };
    case 'all':
      return { providerOptionsKey: replay.providerOptionsKey, fields: [replay.signatureField] };
    default: {
      const unreachable: never = replay;
      return unreachable;
    }
  }
}

/**
 * The rules for a provider id (matched whole, as `providerCapabilitiesOf` matches it: `anthropic`,
 * `openai` (Responses), `openai.chat`, `google`, and the AI SDK's `model.provider` strings). Only
 * OpenAI (Chat and Responses, and Azure OpenAI) takes system messages anywhere and non-alternating
 * turns; Anthropic, Google and every unknown or absent provider get the strict rules. Later system messages become `<system-reminder>` user text for
 * every provider unless `systemMessages: 'in-place'` is asked for (and the provider takes them):
 * `ai@6` warns about system messages inside `messages`, and `ai@7` refuses them.
 *
 * One rule holds for every provider and so has no flag: provider-executed tool calls (and calls
 * named like an `Object.prototype` member) are sent with their results as assistant text
 * (`toolCallText`), since no provider can replay another's server tools and the runtime messages
 * do not record which provider ran them.
 */
export function providerProfileOf(
  provider: string | undefined,
  options: Pick<AiSdkSerializerOptions, 'systemMessages'> = {},
): ProviderProfile {
  const facts = profileFacts(provider);
  return {
    systemOnlyAtStart: !(options.systemMessages === 'in-place' && facts.systemAnywhere),
    strictTurns: facts.strictTurns,
    reasoning: facts.reasoning,
    assistantFiles: facts.assistantFiles,
    ...(facts.foreignToolCallSignature === undefined
      ? {}
      : { foreignToolCallSignature: facts.foreignToolCallSignature }),
  };
}
