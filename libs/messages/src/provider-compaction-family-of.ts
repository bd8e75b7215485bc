import type { TextPart } from './content-parts';

/** The provider families whose compaction artifacts the ledger knows how to send back. */
export type ProviderCompactionFamily = 'anthropic' | 'openai';

/**
 * The provider family whose compaction artifact a text part is, if it is one:
 * - Anthropic's server-side compaction block, which `@ai-sdk/anthropic` returns as a text part
 *   with `providerMetadata.anthropic.type === 'compaction'` and sends back as a `compaction` block
 *   when the part carries `providerOptions.anthropic.type === 'compaction'`. Its text is the
 *   readable summary.
 * - OpenAI Responses' compaction item (`type: 'compaction'`, its history in `encrypted_content`,
 *   readable by OpenAI only), kept as a text part with `providerOptions.openai.type ===
 *   'compaction'` (and the item's `encryptedContent` and `itemId`). Its text is empty: there is
 *   no readable summary.
 */
export function providerCompactionFamilyOf(part: TextPart): ProviderCompactionFamily | undefined {
  if (part.providerOptions?.['anthropic']?.['type'] === 'compaction') return 'anthropic';
  if (part.providerOptions?.['openai']?.['type'] === 'compaction') return 'openai';
  return undefined;
}
