import type { AiSdkSerializerOptions } from './serialization-report';

/** Provider families whose adapters can replay reasoning they produced themselves. */
export type ReasoningFamily = 'anthropic' | 'openai' | 'google';

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
   * Which reasoning parts are sent: those the provider family signed (its adapter replays them),
   * `none` (the adapter has no reasoning input), or `all` (unknown provider: keep everything).
   */
  reasoning: ReasoningFamily | 'none' | 'all';
  /**
   * Which file parts of assistant messages the provider sends; the others become a text note
   * (`assistantFileText`). `none`: Anthropic and OpenAI drop them silently. `inline-data`: Google
   * sends base64 and `data:` URLs and throws on other URLs.
   */
  assistantFiles: 'none' | 'inline-data';
}

interface ProviderFacts {
  /** Takes system messages after the conversation started (OpenAI Chat and Responses do). */
  systemAnywhere: boolean;
  strictTurns: boolean;
  reasoning: ProviderProfile['reasoning'];
  assistantFiles: ProviderProfile['assistantFiles'];
}

/**
 * What each adapter does, read from `@ai-sdk/*` v3 (`convertTo…Messages`):
 * - `@ai-sdk/anthropic` replays `reasoning` only with `providerOptions.anthropic.signature` (or
 *   `redactedData`) and drops other reasoning; the Messages API takes system text only in `system`
 *   and needs alternating turns starting with a user turn.
 * - `@ai-sdk/openai` Responses replays reasoning with `providerOptions.openai.itemId` or
 *   `reasoningEncryptedContent`, and warns "Non-OpenAI reasoning parts are not supported" for any
 *   other; it takes system (developer) messages anywhere.
 * - `@ai-sdk/openai` Chat has no reasoning input at all: assistant reasoning parts are ignored.
 * - `@ai-sdk/google` sends reasoning as `thought: true` parts, with the `thoughtSignature` of
 *   `providerOptions.google`; Gemini takes system text only as `systemInstruction`.
 */
const FACTS: ReadonlyMap<string, ProviderFacts> = new Map([
  [
    'anthropic',
    { systemAnywhere: false, strictTurns: true, reasoning: 'anthropic', assistantFiles: 'none' },
  ],
  [
    'openai.responses',
    { systemAnywhere: true, strictTurns: false, reasoning: 'openai', assistantFiles: 'none' },
  ],
  [
    'openai.chat',
    { systemAnywhere: true, strictTurns: false, reasoning: 'none', assistantFiles: 'none' },
  ],
  [
    'google',
    {
      systemAnywhere: false,
      strictTurns: true,
      reasoning: 'google',
      assistantFiles: 'inline-data',
    },
  ],
]);

/** Unknown or absent provider: the strict rules (what Anthropic accepts, everyone accepts). */
const UNKNOWN: ProviderFacts = {
  systemAnywhere: false,
  strictTurns: true,
  reasoning: 'all',
  assistantFiles: 'none',
};

/**
 * The facts key of a provider id, as runtimes and the AI SDK spell it (`model.provider` is
 * `anthropic.messages`, `openai.responses`, `openai.chat`, `google.generative-ai`…).
 */
function factsKey(provider: string): string {
  const id = provider.toLowerCase();
  const family = id.split('.')[0] ?? '';
  if (family === 'openai' || family === 'azure') {
    return id.endsWith('.chat') || id.includes('.chat.') ? 'openai.chat' : 'openai.responses';
  }
  if (family === 'google' || family === 'google-vertex' || family === 'vertex') return 'google';
  return family;
}

/**
 * The rules for a provider id. Only OpenAI (Chat and Responses, and Azure OpenAI) takes system
 * messages anywhere and non-alternating turns; Anthropic, Google and every unknown or absent
 * provider get the strict rules. Later system messages become `<system-reminder>` user text for
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
  const facts = (provider === undefined ? undefined : FACTS.get(factsKey(provider))) ?? UNKNOWN;
  return {
    systemOnlyAtStart: !(options.systemMessages === 'in-place' && facts.systemAnywhere),
    strictTurns: facts.strictTurns,
    reasoning: facts.reasoning,
    assistantFiles: facts.assistantFiles,
  };
}
