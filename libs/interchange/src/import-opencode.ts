import type { ModelCallUsage } from '@agent-ledger/events';
import type {
  ProviderOptions,
  RuntimeMessage,
  TextPart,
  FilePart,
  ImagePart,
  ToolResultPart,
} from '@agent-ledger/messages';
import { InvalidImportSourceError } from './errors';
import type { ImportOptions } from './import-claude-code';
import type { ImportPlan } from './import-plan';
import { assistantMessages, type AssistantItem } from './internal/assistant-messages';
import { ImportNotes } from './internal/import-notes';
import {
  isoTimeOf,
  isRecord,
  jsonObjectOf,
  jsonOf,
  numberOf,
  stringOf,
  type Record_,
} from './internal/json';
import { SessionPlan } from './internal/session-plan';
import { userContent, userFilePart } from './internal/user-parts';

const EPOCH = '1970-01-01T00:00:00.000Z';
const SKIPPED_PARTS = new Set(['patch', 'snapshot', 'agent', 'subtask', 'retry']);

/**
 * Maps an `opencode export <session>` JSON (`{ info, messages: [{ info, parts }] }`) to the write
 * side's commands. User messages: text and file parts → `user_input`; a `compaction` part asks
 * for a compaction, which the next assistant message with `summary: true` answers: the two
 * become a compaction (boundary, summary). Assistant messages are cut into steps at
 * `step-start`; each step's text, reasoning (provider metadata kept) and tool parts become
 * assistant messages, recorded as one model call with the usage of its `step-finish`, then one
 * `tool_result` per completed or failed tool part; a tool part whose output opencode cleared
 * (`state.time.compacted`) is pruned after it. Pending or running tool parts leave the call
 * open; `patch`, `snapshot`, `agent`, `subtask` and `retry` parts are skipped, noted. Ids are
 * opencode's part ids.
 */
export function importOpencode(source: unknown, options: ImportOptions = {}): ImportPlan {
  if (!isRecord(source) || !isRecord(source.info) || !Array.isArray(source.messages)) {
    throw new InvalidImportSourceError(
      'expected the output of `opencode export`: { info, messages: [{ info, parts }] }',
    );
  }
  const sessionId = options.sessionId ?? stringOf(source.info.id);
  if (sessionId === undefined)
    throw new InvalidImportSourceError('info.id is missing; pass a session id');
  const notes = new ImportNotes();
  const plan = new SessionPlan(sessionId, notes);
  let compaction: { id: string; createdAt: string; auto: boolean } | undefined;
  source.messages.forEach((entry, index) => {
    const where = `messages[${index}]`;
    if (!isRecord(entry) || !isRecord(entry.info) || !Array.isArray(entry.parts)) {
      throw new InvalidImportSourceError('expected { info, parts }', where);
    }
    const info = entry.info;
    const id = stringOf(info.id) ?? where;
    const time = isRecord(info.time) ? info.time : {};
    const createdAt = isoTimeOf(time.created, EPOCH);
    const parts = entry.parts.filter(isRecord);
    const base = { sessionId, createdAt };
    if (info.role === 'user') {
      const request = parts.find((part) => part.type === 'compaction');
      if (request !== undefined) {
        compaction = {
          id: stringOf(request.id) ?? `${id}:compaction`,
          createdAt,
          auto: request.auto === true,
        };
      }
      const content = parts.flatMap((part): Array<TextPart | ImagePart | FilePart> => {
        if (part.type === 'text') {
          const text = stringOf(part.text) ?? '';
          return text === '' ? [] : [{ type: 'text', text }];
        }
        if (part.type === 'file') {
          const url = stringOf(part.url);
          return url === undefined
            ? []
            : [userFilePart(url, stringOf(part.mime), stringOf(part.filename))];
        }
        if (part.type !== 'compaction')
          notes.add('skipped', `user part (${String(part.type)})`, where);
        return [];
      });
      if (content.length > 0)
        plan.append([
          { ...base, id, role: 'user', kind: 'user_input', content: userContent(content) },
        ]);
      return;
    }
    if (info.role !== 'assistant')
      throw new InvalidImportSourceError(
        `role ${JSON.stringify(info.role)} is not user or assistant`,
        where,
      );
    if (info.summary === true && compaction !== undefined) {
      const summary = parts
        .flatMap((part) => (part.type === 'text' ? [stringOf(part.text) ?? ''] : []))
        .join('\n');
      plan.compaction(
        {
          sessionId,
          id: compaction.id,
          createdAt: compaction.createdAt,
          role: 'system',
          kind: 'compact_boundary',
          content: { type: 'compact-boundary', trigger: compaction.auto ? 'auto' : 'manual' },
        },
        {
          ...base,
          id,
          role: 'user',
          kind: 'compact_summary',
          content: summary,
          metadata: { summaryForBoundaryId: compaction.id },
        },
      );
      notes.add('mapped', 'compaction (compaction part and summary message)', where);
      compaction = undefined;
      return;
    }
    mapAssistant(parts, info, id, base, plan, notes, where);
  });
  if (compaction !== undefined)
    notes.add('skipped', 'compaction request with no summary message after it', compaction.id);
  return {
    sessions: [{ sessionId, commands: plan.build() }],
    report: {
      format: 'opencode',
      records: source.messages.length,
      messages: plan.counts.messages,
      modelCalls: plan.counts.modelCalls,
      compactions: plan.counts.compactions,
      prunedToolResults: plan.counts.prunedToolResults,
      notes: notes.list(),
    },
  };
}

function mapAssistant(
  parts: readonly Record_[],
  info: Record_,
  messageId: string,
  base: { sessionId: string; createdAt: string },
  plan: SessionPlan,
  notes: ImportNotes,
  where: string,
): void {
  const agent = stringOf(info.agent) ?? stringOf(info.mode);
  const common = { ...base, ...(agent === undefined ? {} : { metadata: { agentName: agent } }) };
  let items: AssistantItem[] = [];
  let results: RuntimeMessage[] = [];
  let pruned: string[] = [];
  let step = 0;
  const flush = (finish: Record_ | undefined): void => {
    const messages = assistantMessages(items, common);
    if (finish !== undefined) {
      const modelId = stringOf(info.modelID);
      const provider = stringOf(info.providerID);
      const reason = stringOf(finish.reason);
      plan.modelCall(messages, {
        callId: `${messageId}:step-${step}`,
        generationId: messageId,
        stepNumber: step,
        ...(provider === undefined ? {} : { provider }),
        ...(modelId === undefined ? {} : { modelId }),
        ...(reason === undefined ? {} : { finishReason: reason }),
        usage: usageOf(isRecord(finish.tokens) ? finish.tokens : {}),
      });
      step += 1;
    } else {
      plan.append(messages);
    }
    plan.append(results);
    if (pruned.length > 0) plan.prune(pruned, 'Tool output cleared by opencode (compacted)');
    items = [];
    results = [];
    pruned = [];
  };
  for (const part of parts) {
    const id = stringOf(part.id) ?? `${messageId}:${items.length + results.length}`;
    const providerOptions = providerOptionsOf(part.metadata);
    switch (part.type) {
      case 'step-start':
        if (items.length > 0 || results.length > 0) flush(undefined);
        continue;
      case 'step-finish':
        flush(part);
        continue;
      case 'text': {
        const text = stringOf(part.text) ?? '';
        if (text.trim() !== '')
          items.push({ kind: 'assistant_text', id, part: { type: 'text', text } });
        continue;
      }
      case 'reasoning':
        items.push({
          kind: 'assistant_reasoning',
          id,
          part: {
            type: 'reasoning',
            text: stringOf(part.text) ?? '',
            ...(providerOptions === undefined ? {} : { providerOptions }),
          },
        });
        continue;
      case 'tool': {
        const toolCallId = stringOf(part.callID);
        const toolName = stringOf(part.tool);
        const state = isRecord(part.state) ? part.state : {};
        if (toolCallId === undefined || toolName === undefined) {
          notes.add('skipped', 'tool part without callID or tool name', where);
          continue;
        }
        items.push({
          kind: 'tool_call',
          id: `${id}:call`,
          part: { type: 'tool-call', toolCallId, toolName, input: jsonOf(state.input ?? {}) },
        });
        const result = resultOf(state, toolCallId, toolName);
        if (result === undefined) {
          notes.add(
            'mapped',
            `tool part ${String(state.status)} (no result yet: the call stays open)`,
            where,
          );
          continue;
        }
        results.push({ ...common, id, role: 'tool', kind: 'tool_result', content: [result] });
        if (isRecord(state.time) && state.time.compacted !== undefined) pruned.push(id);
        continue;
      }
      default:
        notes.add(
          'skipped',
          SKIPPED_PARTS.has(String(part.type))
            ? `assistant part (${String(part.type)})`
            : `unknown assistant part (${String(part.type)})`,
          where,
        );
    }
  }
  if (items.length > 0 || results.length > 0) flush(undefined);
}

function resultOf(
  state: Record_,
  toolCallId: string,
  toolName: string,
): ToolResultPart | undefined {
  if (state.status === 'completed') {
    return {
      type: 'tool-result',
      toolCallId,
      toolName,
      output: {
        type: 'text',
        value: stringOf(state.output) ?? JSON.stringify(jsonOf(state.output ?? null)),
      },
    };
  }
  if (state.status === 'error') {
    return {
      type: 'tool-result',
      toolCallId,
      toolName,
      output: { type: 'error-text', value: stringOf(state.error) ?? 'error' },
    };
  }
  return undefined;
}

function usageOf(tokens: Record_): ModelCallUsage {
  const input = numberOf(tokens.input);
  const output = numberOf(tokens.output);
  const reasoning = numberOf(tokens.reasoning);
  const cache = isRecord(tokens.cache) ? tokens.cache : {};
  const cacheReadTokens = numberOf(cache.read);
  const cacheWriteTokens = numberOf(cache.write);
  const inputTokens =
    input === undefined ? undefined : input + (cacheReadTokens ?? 0) + (cacheWriteTokens ?? 0);
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    inputTokenDetails: {
      ...(input === undefined ? {} : { noCacheTokens: input }),
      ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
      ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    },
    ...(output === undefined ? {} : { outputTokens: output }),
    ...(reasoning === undefined ? {} : { outputTokenDetails: { reasoningTokens: reasoning } }),
    ...(inputTokens === undefined || output === undefined
      ? {}
      : { totalTokens: inputTokens + output }),
    raw: jsonObjectOf(tokens),
  };
}

function providerOptionsOf(metadata: unknown): ProviderOptions | undefined {
  if (!isRecord(metadata)) return undefined;
  const options: ProviderOptions = {};
  for (const [provider, value] of Object.entries(metadata)) {
    if (isRecord(value)) options[provider] = jsonObjectOf(value);
  }
  return Object.keys(options).length === 0 ? undefined : options;
}
