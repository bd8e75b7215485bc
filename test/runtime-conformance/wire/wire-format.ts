import type { ScriptedReply } from './scripted-reply';

/** The four request formats a runtime can point the ledger at, by their `provider` query value. */
export type WireProvider = 'anthropic' | 'openai' | 'openai.chat' | 'google';

/** What a request body says, read the way the provider reads it. */
export interface RequestFacts {
  /** The system prompt, wherever the format puts it (empty when there is none). */
  systemTexts: string[];
  /** Ids of the tool calls in the history, in order. */
  toolCallIds: string[];
  /** The result each answered tool call is given, as the text the provider receives. */
  toolResults: Map<string, string>;
  /** JSON pointers (`/messages/3/content/0/thinking`) of the strings in the reasoning field. */
  reasoningPointers: Set<string>;
}

/** One provider's wire format: how its adapter's requests are recognized and read, how it answers. */
export interface WireFormat {
  provider: WireProvider;
  /** Whether the adapter sent `url` (its endpoint for non-streaming calls). */
  handles(url: string): boolean;
  /** The provider's non-streaming response to a call, for the `sequence`-th call of the run. */
  respond(reply: ScriptedReply, sequence: number): unknown;
  /** Reads a request body the adapter sent. */
  read(body: unknown): RequestFacts;
}

/** A JSON object, or undefined for anything else. */
export function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The array at `value`, or an empty one. */
export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string as itself; an array of text blocks as their texts joined; anything else as JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const text = recordOf(item)?.['text'];
        return typeof text === 'string' ? text : JSON.stringify(item);
      })
      .join('\n');
  }
  return JSON.stringify(value) ?? '';
}
