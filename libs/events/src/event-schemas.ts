/**
 * The JSON Schemas of `event-schemas/`, imported (not read from disk) so they travel with the build.
 * The files are the public contract; this module only says which file describes which event type.
 */
import apiKeyCreated from '../../../event-schemas/api-key-created.v1.schema.json';
import apiKeyRevoked from '../../../event-schemas/api-key-revoked.v1.schema.json';
import agentSwitchNoteRecorded from '../../../event-schemas/agent-switch-note-recorded.v1.schema.json';
import assistantReasoningRecorded from '../../../event-schemas/assistant-reasoning-recorded.v1.schema.json';
import assistantTextRecorded from '../../../event-schemas/assistant-text-recorded.v1.schema.json';
import claudeCodeEntriesRecorded from '../../../event-schemas/claude-code-entries-recorded.v1.schema.json';
import compactBoundaryRecorded from '../../../event-schemas/compact-boundary-recorded.v1.schema.json';
import contextOverflowRecovered from '../../../event-schemas/context-overflow-recovered.v1.schema.json';
import providerCompactionRecorded from '../../../event-schemas/provider-compaction-recorded.v1.schema.json';
import providerContextEdited from '../../../event-schemas/provider-context-edited.v1.schema.json';
import compactSummaryRecorded from '../../../event-schemas/compact-summary-recorded.v1.schema.json';
import erasureCompleted from '../../../event-schemas/erasure-completed.v1.schema.json';
import erasureRequested from '../../../event-schemas/erasure-requested.v1.schema.json';
import eventMetadata from '../../../event-schemas/event-metadata.v1.schema.json';
import handoffSummaryRecorded from '../../../event-schemas/handoff-summary-recorded.v1.schema.json';
import modelCallRecorded from '../../../event-schemas/model-call-recorded.v1.schema.json';
import runtimeMessage from '../../../event-schemas/runtime-message.v1.schema.json';
import runtimeReminderRecorded from '../../../event-schemas/runtime-reminder-recorded.v1.schema.json';
import sessionEnded from '../../../event-schemas/session-ended.v1.schema.json';
import sessionRewound from '../../../event-schemas/session-rewound.v1.schema.json';
import sessionStarted from '../../../event-schemas/session-started.v1.schema.json';
import systemNoteRecorded from '../../../event-schemas/system-note-recorded.v1.schema.json';
import toolApprovalRequested from '../../../event-schemas/tool-approval-requested.v1.schema.json';
import toolApprovalResponded from '../../../event-schemas/tool-approval-responded.v1.schema.json';
import toolCallRecorded from '../../../event-schemas/tool-call-recorded.v1.schema.json';
import toolResultRecorded from '../../../event-schemas/tool-result-recorded.v1.schema.json';
import toolResultsPruned from '../../../event-schemas/tool-results-pruned.v1.schema.json';
import userInputRecorded from '../../../event-schemas/user-input-recorded.v1.schema.json';
import type { AccessEvent } from './access-event';
import type { LedgerEvent } from './ledger-event';
import type { SessionEventType } from './session-event';

/** A JSON Schema document with its `$id`. */
export interface SchemaDocument {
  $id: string;
  [keyword: string]: unknown;
}

/** The data schema of every event type, by schema version (only v1 so far). */
export const EVENT_DATA_SCHEMAS: Readonly<
  Record<number, Readonly<Record<SessionEventType, SchemaDocument>>>
> = {
  1: {
    SystemNoteRecorded: systemNoteRecorded,
    UserInputRecorded: userInputRecorded,
    AssistantTextRecorded: assistantTextRecorded,
    AssistantReasoningRecorded: assistantReasoningRecorded,
    ToolCallRecorded: toolCallRecorded,
    ToolResultRecorded: toolResultRecorded,
    ToolApprovalRequested: toolApprovalRequested,
    ToolApprovalResponded: toolApprovalResponded,
    CompactBoundaryRecorded: compactBoundaryRecorded,
    CompactSummaryRecorded: compactSummaryRecorded,
    RuntimeReminderRecorded: runtimeReminderRecorded,
    HandoffSummaryRecorded: handoffSummaryRecorded,
    AgentSwitchNoteRecorded: agentSwitchNoteRecorded,
    SessionStarted: sessionStarted,
    SessionEnded: sessionEnded,
    SessionRewound: sessionRewound,
    ToolResultsPruned: toolResultsPruned,
    ModelCallRecorded: modelCallRecorded,
    ClaudeCodeEntriesRecorded: claudeCodeEntriesRecorded,
    ContextOverflowRecovered: contextOverflowRecovered,
    ProviderCompactionRecorded: providerCompactionRecorded,
    ProviderContextEdited: providerContextEdited,
  },
};

/**
 * The data schema of the ledger's own events, not session events: the audit events
 * (`ledger-event.ts`) and the access events (`access-event.ts`).
 */
export const LEDGER_EVENT_SCHEMAS: Readonly<
  Record<LedgerEvent['type'] | AccessEvent['type'], SchemaDocument>
> = {
  ErasureRequested: erasureRequested,
  ErasureCompleted: erasureCompleted,
  ApiKeyCreated: apiKeyCreated,
  ApiKeyRevoked: apiKeyRevoked,
};

/** Schemas the data schemas refer to: the shared runtime-message definitions. */
export const SHARED_SCHEMAS: readonly SchemaDocument[] = [runtimeMessage];

/** The schema of event metadata (`schemaVersion` and tracing ids). */
export const EVENT_METADATA_SCHEMA: SchemaDocument = eventMetadata;
