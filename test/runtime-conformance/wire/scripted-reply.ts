/** A JSON value, as tool inputs and provider bodies hold them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A tool call the scripted model makes. */
export interface ScriptedToolCall {
  id: string;
  name: string;
  input: { [key: string]: Json };
}

/**
 * What the scripted model answers to one call, whatever the provider: rendered in that provider's
 * wire format (reasoning with the provider's signature, text, tool calls, finish reason, usage).
 */
export interface ScriptedReply {
  /** Reasoning text; it carries a marker (`reasoningMarker`) so a leak can be found in any body. */
  reasoning?: string;
  text?: string;
  toolCalls?: ScriptedToolCall[];
}

/** The provider families whose reasoning has a field of its own in their requests. */
export type ReasoningFamily = 'anthropic' | 'openai' | 'google';

/** A unique marker for a reasoning text of `family`; `findReasoningMarkers` finds it again. */
export function reasoningMarker(family: ReasoningFamily, index: number): string {
  return `RSN-${family}-${String(index).padStart(2, '0')}`;
}

const families: readonly ReasoningFamily[] = ['anthropic', 'openai', 'google'];

/** Every reasoning marker in `text`, with the family that produced it. */
export function findReasoningMarkers(
  text: string,
): Array<{ marker: string; family: ReasoningFamily }> {
  return [...text.matchAll(/RSN-([a-z]+)-\d{2}/g)].flatMap(([marker, name]) => {
    const family = families.find((candidate) => candidate === name);
    return family === undefined ? [] : [{ marker, family }];
  });
}
