/** The 13 kinds of runtime message (`event-schemas/runtime-message.v1.schema.json`). */
export type RuntimeMessageKind =
  | 'system_note'
  | 'user_input'
  | 'assistant_text'
  | 'assistant_reasoning'
  | 'tool_call'
  | 'tool_result'
  | 'tool_approval_request'
  | 'tool_approval_response'
  | 'runtime_reminder'
  | 'compact_boundary'
  | 'compact_summary'
  | 'handoff_summary'
  | 'agent_switch_note';

/** The role each kind has, fixed per kind. */
export type RuntimeMessageRole = 'system' | 'user' | 'assistant' | 'tool';

/**
 * A runtime message as a client sends it. `content`'s shape depends on `kind`; the server checks
 * it against the kind's JSON Schema (`event-schemas/`), so it is typed loosely here. `createdAt`
 * is filled with the server's time when absent.
 */
export interface RuntimeMessageInput {
  id: string;
  sessionId: string;
  kind: RuntimeMessageKind;
  role: RuntimeMessageRole;
  content: unknown;
  createdAt?: string;
  runId?: string;
  metadata?: Record<string, unknown>;
}
