import type {
  FilePart,
  JsonObject,
  ProviderOptions,
  RuntimeMessage,
  RuntimeMessageMetadata,
  TextPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import { InvalidImportSourceError } from './errors';
import type { ImportOptions } from './import-claude-code';
import type { ImportPlan } from './import-plan';
import { assistantMessages, type AssistantItem } from './internal/assistant-messages';
import { ImportNotes } from './internal/import-notes';
import { isRecord, jsonObjectOf, jsonOf, stringOf, type Record_ } from './internal/json';
import { SessionPlan } from './internal/session-plan';

/** Options of the importers of sources without times: when their messages happened. */
export interface TimelessImportOptions extends ImportOptions {
  /** `createdAt` of every message (the source has no times). Default `1970-01-01T00:00:00.000Z`. */
  createdAt?: string;
}

const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * Maps AI SDK `UIMessage[]` (v5/v6, as `useChat` keeps them) to the write side's commands.
 * System text → `system_note`; user text and files → `user_input`; an assistant message is cut
 * into its steps at `step-start`, each step's text, reasoning, files and tool calls becoming
 * assistant messages and its tool parts' outcomes tool messages after them: `output-available`
 * → a result (a string output as text, anything else as JSON), `output-error` → error text,
 * `approval-requested`/`approval-responded`/`output-denied` → the approval request, its answer
 * and (denied) an `execution-denied` result; `input-available` leaves the call open (the model
 * context repairs it). `input-streaming` parts, sources and `data-*` parts are skipped, noted.
 * Ids: a message that becomes one runtime message keeps its id, otherwise `<id>:<k>`; every
 * runtime message names its UI message in `metadata.extra.uiMessageId`, which `toUiMessages`
 * reads back.
 */
export function importUiMessages(
  source: unknown,
  options: TimelessImportOptions & { sessionId: string },
): ImportPlan {
  if (!Array.isArray(source)) {
    throw new InvalidImportSourceError(
      'expected an array of UIMessage objects ({ id, role, parts })',
    );
  }
  const notes = new ImportNotes();
  const plan = new SessionPlan(options.sessionId, notes);
  const createdAt = options.createdAt ?? EPOCH;
  source.forEach((value, index) => {
    const where = `messages[${index}]`;
    if (!isRecord(value) || typeof value.id !== 'string' || !Array.isArray(value.parts)) {
      throw new InvalidImportSourceError('expected a UIMessage ({ id, role, parts })', where);
    }
    const messages = runtimeMessagesOf(
      { ...value, id: value.id, parts: value.parts },
      { sessionId: options.sessionId, createdAt },
      notes,
      where,
    );
    const ids = idsFor(value.id, messages.length);
    plan.append(messages.map((message, k) => ({ ...message, id: ids[k] ?? message.id })));
  });
  return {
    sessions: [{ sessionId: options.sessionId, commands: plan.build() }],
    report: {
      format: 'ui-messages',
      records: source.length,
      messages: plan.counts.messages,
      modelCalls: 0,
      compactions: 0,
      prunedToolResults: 0,
      notes: notes.list(),
    },
  };
}

function idsFor(id: string, count: number): string[] {
  return count === 1 ? [id] : Array.from({ length: count }, (_, k) => `${id}:${k}`);
}

interface Base {
  sessionId: string;
  createdAt: string;
}

function runtimeMessagesOf(
  message: Record_ & { id: string; parts: unknown[] },
  base: Base,
  notes: ImportNotes,
  where: string,
): RuntimeMessage[] {
  const metadata: RuntimeMessageMetadata = { extra: { uiMessageId: message.id } };
  const common = { ...base, id: message.id, metadata };
  const parts = message.parts.filter(isRecord);
  switch (message.role) {
    case 'system': {
      const text = parts
        .flatMap((part) => (part.type === 'text' ? [stringOf(part.text) ?? ''] : []))
        .join('\n');
      return text.trim() === ''
        ? []
        : [{ ...common, role: 'system', kind: 'system_note', content: text }];
    }
    case 'user': {
      const content = parts.flatMap((part, index): Array<TextPart | FilePart> => {
        const converted = textOrFile(part);
        if (converted === undefined)
          notes.add('skipped', `user part (${String(part.type)})`, `${where}.parts[${index}]`);
        return converted === undefined ? [] : [converted];
      });
      return content.length === 0 ? [] : [{ ...common, role: 'user', kind: 'user_input', content }];
    }
    case 'assistant':
      return stepsOf(parts).flatMap((step) => stepMessages(step, common, notes, where));
    default:
      throw new InvalidImportSourceError(
        `role ${JSON.stringify(message.role)} is not a UIMessage role (system, user, assistant)`,
        where,
      );
  }
}

function stepsOf(parts: readonly Record_[]): Record_[][] {
  const steps: Record_[][] = [[]];
  for (const part of parts) {
    if (part.type === 'step-start') {
      if ((steps.at(-1) ?? []).length > 0) steps.push([]);
      continue;
    }
    steps.at(-1)?.push(part);
  }
  return steps.filter((step) => step.length > 0);
}

function stepMessages(
  parts: readonly Record_[],
  common: Base & { id: string; metadata: RuntimeMessageMetadata },
  notes: ImportNotes,
  where: string,
): RuntimeMessage[] {
  const items: AssistantItem[] = [];
  const requests: ToolApprovalRequestPart[] = [];
  const responses: ToolApprovalResponsePart[] = [];
  const results: ToolResultPart[] = [];
  for (const part of parts) {
    const type = stringOf(part.type) ?? '';
    const providerOptions = isRecord(part.providerMetadata)
      ? providerOptionsOf(part.providerMetadata)
      : undefined;
    const withOptions = providerOptions === undefined ? {} : { providerOptions };
    if (type === 'text') {
      const text = stringOf(part.text) ?? '';
      if (text.trim() !== '')
        items.push({
          kind: 'assistant_text',
          id: common.id,
          part: { type: 'text', text, ...withOptions },
        });
      continue;
    }
    if (type === 'reasoning') {
      items.push({
        kind: 'assistant_reasoning',
        id: common.id,
        part: { type: 'reasoning', text: stringOf(part.text) ?? '', ...withOptions },
      });
      continue;
    }
    if (type === 'file') {
      const file = textOrFile(part);
      if (file !== undefined) items.push({ kind: 'assistant_text', id: common.id, part: file });
      continue;
    }
    if (type === 'dynamic-tool' || type.startsWith('tool-')) {
      const toolName =
        type === 'dynamic-tool'
          ? (stringOf(part.toolName) ?? 'unknown')
          : type.slice('tool-'.length);
      const toolCallId = stringOf(part.toolCallId);
      const state = stringOf(part.state);
      if (toolCallId === undefined || state === undefined || state === 'input-streaming') {
        notes.add('skipped', 'tool part still streaming its input (no complete call)', where);
        continue;
      }
      const callOptions = isRecord(part.callProviderMetadata)
        ? providerOptionsOf(part.callProviderMetadata)
        : undefined;
      items.push({
        kind: 'tool_call',
        id: common.id,
        part: {
          type: 'tool-call',
          toolCallId,
          toolName,
          input: jsonOf(part.input ?? {}),
          ...(part.providerExecuted === true ? { providerExecuted: true } : {}),
          ...(callOptions === undefined ? {} : { providerOptions: callOptions }),
        },
      });
      const approval = isRecord(part.approval) ? part.approval : undefined;
      const approvalId = stringOf(approval?.id);
      if (approval !== undefined && approvalId !== undefined) {
        const signature = stringOf(approval.signature);
        requests.push({
          type: 'tool-approval-request',
          approvalId,
          toolCallId,
          ...(signature === undefined ? {} : { signature }),
          ...(approval.inputSchemaInput === undefined
            ? {}
            : { inputSchemaInput: jsonOf(approval.inputSchemaInput) }),
        });
        if (typeof approval.approved === 'boolean') {
          const reason = stringOf(approval.reason);
          responses.push({
            type: 'tool-approval-response',
            approvalId,
            approved: approval.approved,
            ...(reason === undefined ? {} : { reason }),
          });
        }
      }
      const output = outputOf(part, state, approval);
      if (output !== undefined) results.push({ type: 'tool-result', toolCallId, toolName, output });
      continue;
    }
    notes.add('skipped', `assistant part (${type.startsWith('data-') ? 'data-*' : type})`, where);
  }
  const messages: RuntimeMessage[] = assistantMessages(items, common);
  if (requests.length > 0)
    messages.push({
      ...common,
      role: 'assistant',
      kind: 'tool_approval_request',
      content: requests,
    });
  if (responses.length > 0)
    messages.push({ ...common, role: 'tool', kind: 'tool_approval_response', content: responses });
  if (results.length > 0)
    messages.push({ ...common, role: 'tool', kind: 'tool_result', content: results });
  return messages;
}

function outputOf(
  part: Record_,
  state: string,
  approval: Record_ | undefined,
): ToolResultOutput | undefined {
  switch (state) {
    case 'output-available':
      return typeof part.output === 'string'
        ? { type: 'text', value: part.output }
        : { type: 'json', value: jsonOf(part.output ?? null) };
    case 'output-error':
      return { type: 'error-text', value: stringOf(part.errorText) ?? '' };
    case 'output-denied': {
      const reason = stringOf(approval?.reason);
      return { type: 'execution-denied', ...(reason === undefined ? {} : { reason }) };
    }
    default:
      return undefined;
  }
}

function textOrFile(part: Record_): TextPart | FilePart | undefined {
  if (part.type === 'text') {
    const text = stringOf(part.text) ?? '';
    return text === '' ? undefined : { type: 'text', text };
  }
  if (part.type === 'file') {
    const url = stringOf(part.url);
    const mediaType = stringOf(part.mediaType);
    if (url === undefined || mediaType === undefined) return undefined;
    const filename = stringOf(part.filename);
    return { type: 'file', data: url, mediaType, ...(filename === undefined ? {} : { filename }) };
  }
  return undefined;
}

function providerOptionsOf(metadata: Record_): ProviderOptions {
  const options: ProviderOptions = {};
  for (const [provider, value] of Object.entries(metadata)) {
    if (isRecord(value)) options[provider] = jsonObjectOf(value) satisfies JsonObject;
  }
  return options;
}
