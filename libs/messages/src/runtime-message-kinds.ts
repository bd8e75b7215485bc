import type { RuntimeMessageKind, RuntimeMessageRole } from './runtime-message';

/** The role each kind always has. */
export const ROLE_OF_KIND = {
  system_note: 'system',
  user_input: 'user',
  assistant_text: 'assistant',
  assistant_reasoning: 'assistant',
  tool_call: 'assistant',
  tool_result: 'tool',
  tool_approval_request: 'assistant',
  tool_approval_response: 'tool',
  compact_boundary: 'system',
  compact_summary: 'user',
  runtime_reminder: 'system',
  handoff_summary: 'user',
  agent_switch_note: 'system',
} as const satisfies Record<RuntimeMessageKind, RuntimeMessageRole>;

/** All 13 kinds, in the seed's order. */
export const RUNTIME_MESSAGE_KINDS = Object.keys(ROLE_OF_KIND) as RuntimeMessageKind[];

/** True when `value` is one of the 13 kinds. */
export function isRuntimeMessageKind(value: unknown): value is RuntimeMessageKind {
  return typeof value === 'string' && Object.hasOwn(ROLE_OF_KIND, value);
}
