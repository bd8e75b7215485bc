import { ANTHROPIC_CAPABILITIES } from './anthropic';
import { GOOGLE_CAPABILITIES } from './google';
import { OPENAI_CHAT_CAPABILITIES } from './openai-chat';
import { AZURE_RESPONSES_CAPABILITIES, OPENAI_RESPONSES_CAPABILITIES } from './openai-responses';
import type { ProviderCapabilities } from './provider-capabilities';

/**
 * Provider ids, as a runtime passes them (`provider` option or query parameter): the short name
 * or the AI SDK model's `.provider`. `openai` is the Responses API because `@ai-sdk/openai`'s
 * default `openai('model')` is; the Chat Completions API is `openai.chat`, which is what
 * `openai.chat('gpt-4o').provider` returns.
 */
const TABLES: ReadonlyMap<string, ProviderCapabilities> = new Map([
  ['anthropic', ANTHROPIC_CAPABILITIES],
  ['anthropic.messages', ANTHROPIC_CAPABILITIES],
  ['openai', OPENAI_RESPONSES_CAPABILITIES],
  ['openai.responses', OPENAI_RESPONSES_CAPABILITIES],
  ['azure', AZURE_RESPONSES_CAPABILITIES],
  ['azure.responses', AZURE_RESPONSES_CAPABILITIES],
  ['openai.chat', OPENAI_CHAT_CAPABILITIES],
  ['azure.chat', OPENAI_CHAT_CAPABILITIES],
  ['google', GOOGLE_CAPABILITIES],
  ['google.generative-ai', GOOGLE_CAPABILITIES],
  ['google-vertex', GOOGLE_CAPABILITIES],
  ['vertex', GOOGLE_CAPABILITIES],
  // `@ai-sdk/google-vertex` models: Gemini (same adapter code) and Claude on Vertex.
  ['google.vertex.chat', GOOGLE_CAPABILITIES],
  ['vertex.anthropic.messages', ANTHROPIC_CAPABILITIES],
]);

/**
 * The capability table of a provider id, matched whole and case-insensitively; `undefined` for an
 * absent or unknown provider, whose requests keep everything (the projection cannot know
 * better, and the provider will say so).
 */
export function providerCapabilitiesOf(
  provider: string | undefined,
): ProviderCapabilities | undefined {
  if (provider === undefined) return undefined;
  return TABLES.get(provider.trim().toLowerCase());
}
