import agentSwitchNote from '../../../../event-schemas/agent-switch-note-recorded.v1.schema.json';
import assistantReasoning from '../../../../event-schemas/assistant-reasoning-recorded.v1.schema.json';
import assistantText from '../../../../event-schemas/assistant-text-recorded.v1.schema.json';
import compactBoundary from '../../../../event-schemas/compact-boundary-recorded.v1.schema.json';
import compactSummary from '../../../../event-schemas/compact-summary-recorded.v1.schema.json';
import handoffSummary from '../../../../event-schemas/handoff-summary-recorded.v1.schema.json';
import runtimeMessage from '../../../../event-schemas/runtime-message.v1.schema.json';
import runtimeReminder from '../../../../event-schemas/runtime-reminder-recorded.v1.schema.json';
import systemNote from '../../../../event-schemas/system-note-recorded.v1.schema.json';
import toolApprovalRequest from '../../../../event-schemas/tool-approval-requested.v1.schema.json';
import toolApprovalResponse from '../../../../event-schemas/tool-approval-responded.v1.schema.json';
import toolCall from '../../../../event-schemas/tool-call-recorded.v1.schema.json';
import toolResult from '../../../../event-schemas/tool-result-recorded.v1.schema.json';
import userInput from '../../../../event-schemas/user-input-recorded.v1.schema.json';

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it). */
export type Schema = Record<string, unknown>;

/** The message schemas of `event-schemas/`, by the component name they get. */
const MESSAGE_SCHEMAS: Record<string, Schema> = {
  SystemNoteMessage: systemNote,
  UserInputMessage: userInput,
  AssistantTextMessage: assistantText,
  AssistantReasoningMessage: assistantReasoning,
  ToolCallMessage: toolCall,
  ToolResultMessage: toolResult,
  ToolApprovalRequestMessage: toolApprovalRequest,
  ToolApprovalResponseMessage: toolApprovalResponse,
  RuntimeReminderMessage: runtimeReminder,
  CompactBoundaryMessage: compactBoundary,
  CompactSummaryMessage: compactSummary,
  HandoffSummaryMessage: handoffSummary,
  AgentSwitchNoteMessage: agentSwitchNote,
};

/**
 * The runtime messages of `event-schemas/` as OpenAPI components, one truth for both: the shared
 * definitions (`$defs` of `runtime-message.v1.schema.json`) become components of their own name,
 * each kind's schema `<Kind>Message`, with `RuntimeMessage` the union of them; `<Kind>MessageInput`
 * and `RuntimeMessageInput` are the same without `createdAt` required (the server fills it).
 */
export function runtimeMessageComponents(): Record<string, Schema> {
  const components: Record<string, Schema> = {};
  for (const [name, definition] of Object.entries(runtimeMessage.$defs)) {
    components[name] = rewriteRefs(definition);
  }
  for (const [name, schema] of Object.entries(MESSAGE_SCHEMAS)) {
    const { $schema: _schema, $id: _id, ...rest } = rewriteRefs(schema);
    components[name] = rest;
    const required = Array.isArray(rest['required']) ? rest['required'] : [];
    components[`${name}Input`] = {
      ...rest,
      required: required.filter((field) => field !== 'createdAt'),
    };
  }
  const names = Object.keys(MESSAGE_SCHEMAS);
  components['RuntimeMessage'] = {
    description: 'A runtime message: one of the 13 kinds (event-schemas/).',
    oneOf: names.map((name) => ({ $ref: `#/components/schemas/${name}` })),
  };
  components['RuntimeMessageInput'] = {
    description:
      'A runtime message as a client sends it (`createdAt` optional: the server fills it).',
    oneOf: names.map((name) => ({ $ref: `#/components/schemas/${name}Input` })),
  };
  return components;
}

function rewriteRefs(value: unknown): Schema {
  return JSON.parse(
    JSON.stringify(value).replace(
      /"(?:runtime-message\.v1\.schema\.json)?#\/\$defs\/([A-Za-z]+)"/g,
      '"#/components/schemas/$1"',
    ),
  ) as Schema;
}
