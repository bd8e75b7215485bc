import type {
  FilePart,
  ReasoningPart,
  RuntimeMessage,
  RuntimeMessageMetadata,
  TextPart,
  ToolCallPart,
} from '@agent-ledger/messages';

/** One part of an assistant response, with the id of the source record it came from. */
export type AssistantItem =
  | { kind: 'assistant_text'; id: string; part: TextPart | FilePart }
  | { kind: 'assistant_reasoning'; id: string; part: ReasoningPart }
  | { kind: 'tool_call'; id: string; part: ToolCallPart };

/** What every message of one response shares. */
export interface MessageBase {
  sessionId: string;
  createdAt: string;
  metadata?: RuntimeMessageMetadata;
}

/**
 * An assistant response as runtime messages: one message per run of consecutive parts of one
 * kind (text and files, reasoning, tool calls), in order, each with the id of its run's first
 * source record, so the same source always gives the same ids.
 */
export function assistantMessages(
  items: readonly AssistantItem[],
  base: MessageBase,
): RuntimeMessage[] {
  const runs: AssistantItem[][] = [];
  for (const item of items) {
    const run = runs.at(-1);
    if (run !== undefined && run[0]?.kind === item.kind) run.push(item);
    else runs.push([item]);
  }
  return runs.flatMap((run): RuntimeMessage[] => {
    const first = run[0];
    if (first === undefined) return [];
    const common = { ...base, id: first.id, role: 'assistant' as const };
    switch (first.kind) {
      case 'assistant_text':
        return [
          {
            ...common,
            kind: first.kind,
            content: run.flatMap((item) => (item.kind === first.kind ? [item.part] : [])),
          },
        ];
      case 'assistant_reasoning':
        return [
          {
            ...common,
            kind: first.kind,
            content: run.flatMap((item) => (item.kind === first.kind ? [item.part] : [])),
          },
        ];
      case 'tool_call':
        return [
          {
            ...common,
            kind: first.kind,
            content: run.flatMap((item) => (item.kind === first.kind ? [item.part] : [])),
          },
        ];
      default: {
        const unreachable: never = first;
        return unreachable;
      }
    }
  });
}
