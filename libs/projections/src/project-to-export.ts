import type { RuntimeMessage } from '@agent-ledger/messages';
import { agentNameOf } from './agent-name-of';
import { exportExclusionReason } from './export-exclusion-reason';
import { isSecretKeyName } from './is-secret-key-name';
import { redactJson } from './redact-json';
import { isIdKey, redactId } from './redact-id';
import { redactSecrets } from './redact-secrets';
import { renderCompactMarker } from './render-compact-marker';
import type { ExportMessage, ExportProjectionResult, ProjectionContext } from './types';

/** Options of `projectToExport`. */
export interface ProjectToExportOptions {
  /**
   * Applied to every string of every kept message (tool inputs and outputs included, binary
   * payloads excepted). Default `redactSecrets`; `false` disables redaction, including the rule
   * that redacts string values of secret-named properties (`password`, `apiKey`, …).
   */
  redact?: ((text: string) => string) | false;
}

/**
 * The export view: the conversation for sharing or a report. Runtime noise is removed (see
 * `exportExclusionReason`; the ids are in `hiddenMessageIds`), a compact boundary becomes a
 * one-line marker, tool results are complete (pruning is a model-context matter), and every
 * string is redacted. `redactionCount` counts the string values the redaction changed.
 * The result is plain JSON.
 */
export function projectToExport(
  messages: readonly RuntimeMessage[],
  context: ProjectionContext,
  options: ProjectToExportOptions = {},
): ExportProjectionResult {
  const hook = options.redact ?? redactSecrets;
  const result: ExportProjectionResult = {
    messages: [],
    diagnostics: {
      hiddenMessageIds: [],
      truncatedMessageIds: [],
      injectedNotes: [],
      redactionCount: 0,
      redactedMessageIds: [],
    },
  };
  for (const message of messages) {
    if (exportExclusionReason(message, context.includeReasoning === true) !== undefined) {
      result.diagnostics.hiddenMessageIds.push(message.id);
      continue;
    }
    let redactions = 0;
    const redact =
      hook === false
        ? undefined
        : (text: string, key?: string): string => {
            const redacted =
              key === undefined
                ? hook(text)
                : isIdKey(key)
                  ? redactId(text, hook)
                  : text !== '' && isSecretKeyName(key)
                    ? '[REDACTED]'
                    : hook(text);
            if (redacted !== text) redactions += 1;
            return redacted;
          };
    const exported = exportMessage(message, redact);
    if (exported === undefined) continue;
    result.messages.push(exported);
    if (redactions > 0) {
      result.diagnostics.redactionCount += redactions;
      result.diagnostics.redactedMessageIds.push(exported.id);
    }
  }
  return result;
}

/**
 * `message` as the export shows it. Without `redact` its content is the message's own (the same
 * JSON a copy through `redactJson` would give, without the copy: messages are values).
 */
function exportMessage(
  message: RuntimeMessage,
  redact: ((text: string, key?: string) => string) | undefined,
): ExportMessage | undefined {
  switch (message.kind) {
    case 'compact_boundary':
      return exportEntry(
        message,
        message.kind,
        redact === undefined
          ? renderCompactMarker(message.content)
          : redact(renderCompactMarker(message.content)),
        redact,
      );
    case 'runtime_reminder':
    case 'agent_switch_note':
    case 'compact_summary':
      return undefined;
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'tool_call':
    case 'tool_result':
    case 'tool_approval_request':
    case 'tool_approval_response':
    case 'handoff_summary':
      return exportEntry(
        message,
        message.kind,
        redact === undefined ? message.content : redactJson(message.content, redact),
        redact,
      );
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/**
 * An export entry, one literal per shape with the keys in the order of the JSON: spreading a base
 * object into each entry cost more than the rest of the entry.
 */
function exportEntry(
  message: RuntimeMessage,
  semanticType: ExportMessage['semanticType'],
  content: ExportMessage['content'],
  redact: ((text: string, key?: string) => string) | undefined,
): ExportMessage {
  const agentName = agentNameOf(message);
  // A secret used as the message's id: the same placeholder as in every other reference to it.
  const id = redact === undefined ? message.id : redact(message.id, 'id');
  return agentName === undefined
    ? {
        view: 'export',
        role: message.role,
        sourceMessageIds: [id],
        id,
        createdAt: message.createdAt,
        semanticType,
        content,
      }
    : {
        view: 'export',
        role: message.role,
        sourceMessageIds: [id],
        id,
        createdAt: message.createdAt,
        agentName,
        semanticType,
        content,
      };
}
