import {
  providerCompactionFamilyOf,
  type ProviderCompactionFamily,
  type RuntimeMessage,
} from '@agent-ledger/messages';

/**
 * What the transcript and debug views say of a provider's compaction artifact: which family made
 * it and can read it, what it is, and its readable summary when it has one. It stands for every
 * message before it on the session's line (`ProviderCompactionRecorded`), for its family only.
 */
export interface ProviderCompactionEntry {
  family: ProviderCompactionFamily;
  /** OpenAI Responses' encrypted compaction item, or Anthropic's compaction block. */
  artifact: 'openai-compaction-item' | 'anthropic-compaction-block';
  /** The block's readable text (Anthropic); absent for an encrypted item. */
  summary?: string;
}

/**
 * The provider compaction an `assistant_text` holds (a text part `providerCompactionFamilyOf`
 * names), else `undefined`: the same rule as the write side's `ProviderCompactionRecorded`.
 * Pure.
 */
export function providerCompactionEntryOf(
  message: RuntimeMessage,
): ProviderCompactionEntry | undefined {
  if (message.kind !== 'assistant_text' || typeof message.content === 'string') return undefined;
  for (const part of message.content) {
    if (part.type !== 'text') continue;
    const family = providerCompactionFamilyOf(part);
    if (family === undefined) continue;
    return {
      family,
      artifact: family === 'openai' ? 'openai-compaction-item' : 'anthropic-compaction-block',
      ...(part.text === '' ? {} : { summary: part.text }),
    };
  }
  return undefined;
}
