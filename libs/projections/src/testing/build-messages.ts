/**
 * Terse builders of literal runtime messages for this lib's tests (session `s1`, one timestamp).
 * Test-only: excluded from the build by the `testing` folder.
 */
import type {
  AgentSwitchContent,
  JsonValue,
  RuntimeMessage,
  RuntimeMessageMetadata,
  RuntimeMessageOfKind,
  ToolResultOutput,
  UserInputMessage,
} from '@agent-ledger/messages';

export const CREATED_AT = '2026-04-08T09:00:00Z';

function base(id: string, metadata: RuntimeMessageMetadata | undefined) {
  return {
    id,
    sessionId: 's1',
    createdAt: CREATED_AT,
    ...(metadata === undefined ? {} : { metadata }),
  };
}

export function systemNote(id: string, content: string, metadata?: RuntimeMessageMetadata) {
  return { ...base(id, metadata), kind: 'system_note', role: 'system', content } as const;
}

export function userInput(
  id: string,
  content: UserInputMessage['content'],
  metadata?: RuntimeMessageMetadata,
): RuntimeMessageOfKind<'user_input'> {
  return { ...base(id, metadata), kind: 'user_input', role: 'user', content };
}

export function assistantText(id: string, content: string, metadata?: RuntimeMessageMetadata) {
  return { ...base(id, metadata), kind: 'assistant_text', role: 'assistant', content } as const;
}

export function reasoning(id: string, content: string, metadata?: RuntimeMessageMetadata) {
  return {
    ...base(id, metadata),
    kind: 'assistant_reasoning',
    role: 'assistant',
    content,
  } as const;
}

export function toolCall(
  id: string,
  toolCallId: string,
  input: JsonValue = {},
  metadata?: RuntimeMessageMetadata,
): RuntimeMessageOfKind<'tool_call'> {
  return {
    ...base(id, metadata),
    kind: 'tool_call',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId, toolName: 'Read', input }],
  };
}

export function toolResult(
  id: string,
  toolCallId: string,
  output: ToolResultOutput | string,
  metadata?: RuntimeMessageMetadata,
): RuntimeMessageOfKind<'tool_result'> {
  return {
    ...base(id, metadata),
    kind: 'tool_result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId,
        toolName: 'Read',
        output: typeof output === 'string' ? { type: 'text', value: output } : output,
      },
    ],
  };
}

export function boundary(id: string, metadata?: RuntimeMessageMetadata) {
  return {
    ...base(id, metadata),
    kind: 'compact_boundary',
    role: 'system',
    content: { type: 'compact-boundary', trigger: 'auto' },
  } as const;
}

export function summary(id: string, content: string, summaryForBoundaryId?: string) {
  return {
    ...base(id, summaryForBoundaryId === undefined ? undefined : { summaryForBoundaryId }),
    kind: 'compact_summary',
    role: 'user',
    content,
  } as const;
}

export function reminder(id: string, content: string, metadata?: RuntimeMessageMetadata) {
  return { ...base(id, metadata), kind: 'runtime_reminder', role: 'system', content } as const;
}

export function handoff(id: string, content: string) {
  return { ...base(id, undefined), kind: 'handoff_summary', role: 'user', content } as const;
}

export function agentSwitch(
  id: string,
  content: AgentSwitchContent,
  metadata?: RuntimeMessageMetadata,
): RuntimeMessageOfKind<'agent_switch_note'> {
  return { ...base(id, metadata), kind: 'agent_switch_note', role: 'system', content };
}

/** Ids of the messages a projection shows, in order. */
export function sourceIds(result: { messages: Array<{ sourceMessageIds: string[] }> }): string[] {
  return result.messages.flatMap((message) => message.sourceMessageIds);
}

/** Keeps the builders' narrow return types assignable where a `RuntimeMessage[]` is expected. */
export function history(...messages: RuntimeMessage[]): RuntimeMessage[] {
  return messages;
}
