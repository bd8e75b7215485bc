import type { TextPart } from './content-parts';

/** The provider families whose compaction artifacts the ledger knows how to send back. */
export type ProviderCompactionFamily = 'anthropic' | 'openai';

/**
 * The provider family whose compaction artifact a text part is, if it is one: Anthropic's
 * server-side compaction block, which `@ai-sdk/anthropic` returns as a text part with
 * `providerMetadata.anthropic.type === 'compaction'` and sends back as a `compaction` block when
 * the part carries `providerOptions.anthropic.type === 'compaction'`. Its text is the readable
 * summary.
 */
export function providerCompactionFamilyOf(part: TextPart): ProviderCompactionFamily | undefined {
  return part.providerOptions?.['anthropic']?.['type'] === 'compaction' ? 'anthropic' : undefined;
}
