import type { TranscriptEntry } from '@agent-ledger/client';

/** Where a tool call's result is, and the reverse. */
export interface ToolPairs {
  /** toolCallId → the id of the tool_result message answering it. */
  resultOf: Map<string, string>;
  /** toolCallId → the tool_call message and the tool's name. */
  callOf: Map<string, { messageId: string; toolName: string }>;
}

/** Pairs the transcript's tool calls with their results (and approvals) by `toolCallId`. */
export function pairToolCalls(entries: readonly TranscriptEntry[]): ToolPairs {
  const resultOf = new Map<string, string>();
  const callOf = new Map<string, { messageId: string; toolName: string }>();
  for (const entry of entries) addEntry({ resultOf, callOf }, entry);
  return { resultOf, callOf };
}

/** Adds one entry to the pairs (for entries that arrive live). */
export function addEntry(pairs: ToolPairs, entry: TranscriptEntry): void {
  if (!Array.isArray(entry.content)) return;
  for (const part of entry.content as unknown[]) {
    if (typeof part !== 'object' || part === null) continue;
    const record = part as Record<string, unknown>;
    const toolCallId = record['toolCallId'];
    if (typeof toolCallId !== 'string') continue;
    if (record['type'] === 'tool-call') {
      pairs.callOf.set(toolCallId, { messageId: entry.id, toolName: String(record['toolName']) });
    } else if (record['type'] === 'tool-result') {
      pairs.resultOf.set(toolCallId, entry.id);
    }
  }
}
