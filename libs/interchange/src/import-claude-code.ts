import type { ModelCallUsage } from '@agent-ledger/events';
import type {
  CompactBoundaryMessage,
  RuntimeMessage,
  RuntimeMessageMetadata,
} from '@agent-ledger/messages';
import type { ModelCallFacts } from '@agent-ledger/sessions';
import { assistantItemOf, toolResultPartOf, userPartOf } from './claude-code/content-blocks';
import { mainChain } from './claude-code/main-chain';
import { parseJsonl, type JsonlEntry } from './claude-code/parse-jsonl';
import type { ImportedSession, ImportPlan } from './import-plan';
import { assistantMessages, type AssistantItem } from './internal/assistant-messages';
import { ImportNotes } from './internal/import-notes';
import {
  arrayOf,
  isoTimeOf,
  isRecord,
  jsonObjectOf,
  numberOf,
  stringOf,
  type Record_,
} from './internal/json';
import { SessionPlan } from './internal/session-plan';

/** A Claude Code JSONL file: its name (for the report and default ids) and its text. */
export interface ClaudeCodeFile {
  name: string;
  text: string;
}

/** A Claude Code session: `<session>.jsonl` and the files of `<session>/subagents/`. */
export interface ClaudeCodeSource {
  session: ClaudeCodeFile;
  subagents?: ClaudeCodeFile[];
}

/** Options of every importer. */
export interface ImportOptions {
  /** The session to write to. Default: the source's own session id. */
  sessionId?: string;
}

const EPOCH = '1970-01-01T00:00:00.000Z';
const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  refusal: 'content-filter',
  pause_turn: 'other',
};

/**
 * Maps a Claude Code session (`~/.claude/projects/<project>/<session>.jsonl`) to the write
 * side's commands. The main line is followed through `uuid`/`parentUuid` (a rewound branch is
 * left out); the entries of one API response (same `message.id`, one content block each) become
 * one response: reasoning with its signature, text, parallel tool calls, recorded as a model call
 * with the response's usage. Tool results keep `is_error` and images; a `compact_boundary` system
 * entry and the `isCompactSummary` user entry after it become a compaction; `isMeta` user entries
 * are kept as synthetic user input; bookkeeping lines (`progress`, `file-history-snapshot`,
 * `summary`, other system entries) are skipped. Each sub-agent file becomes its own session,
 * `<session>.agent-<agentId>`, whose first message names the parent's `Task` call.
 * Ids are the entries' uuids, so the same files always give the same commands.
 */
export function importClaudeCode(
  source: ClaudeCodeSource,
  options: ImportOptions = {},
): ImportPlan {
  const notes = new ImportNotes();
  const entries = parseJsonl(source.session.text, source.session.name, notes);
  const sessionId =
    options.sessionId ??
    entries.map((entry) => stringOf(entry.value.sessionId)).find((id) => id !== undefined) ??
    source.session.name.replace(/\.jsonl$/, '');
  const main = new SessionPlan(sessionId, notes);
  mapFile(entries, mainChain(entries, false), main, notes, {});
  const sessions: ImportedSession[] = [{ sessionId, commands: main.build() }];
  const plans = [main];
  let records = entries.length;
  for (const file of source.subagents ?? []) {
    const subEntries = parseJsonl(file.text, file.name, notes);
    records += subEntries.length;
    const agentId =
      subEntries.map((entry) => stringOf(entry.value.agentId)).find((id) => id !== undefined) ??
      file.name.replace(/^.*?agent-/, '').replace(/\.jsonl$/, '');
    const link = parentCall(entries, subEntries, agentId);
    const subSessionId = `${sessionId}.agent-${agentId}`;
    const plan = new SessionPlan(subSessionId, notes);
    let chain = mainChain(subEntries, true);
    if (chain.size === 0) chain = mainChain(subEntries, false);
    mapFile(subEntries, chain, plan, notes, {
      agentName: link?.agentType ?? `agent-${agentId}`,
      firstExtra: {
        parentSessionId: sessionId,
        ...(link === undefined ? {} : { parentToolCallId: link.toolCallId }),
      },
    });
    if (link === undefined)
      notes.add(
        'skipped',
        'sub-agent file with no matching Task call in the parent (not linked)',
        file.name,
      );
    sessions.push({
      sessionId: subSessionId,
      parent: { sessionId, ...(link === undefined ? {} : { toolCallId: link.toolCallId }) },
      commands: plan.build(),
    });
    plans.push(plan);
  }
  const sum = (pick: (plan: SessionPlan) => number) =>
    plans.reduce((total, plan) => total + pick(plan), 0);
  return {
    sessions,
    report: {
      format: 'claude-code',
      records,
      messages: sum((plan) => plan.counts.messages),
      modelCalls: sum((plan) => plan.counts.modelCalls),
      compactions: sum((plan) => plan.counts.compactions),
      prunedToolResults: 0,
      notes: notes.list(),
    },
  };
}

interface FileContext {
  agentName?: string;
  /** Runtime-only facts put on the file's first message (a sub-agent's link to its parent). */
  firstExtra?: Record<string, string>;
}

function mapFile(
  entries: readonly JsonlEntry[],
  chain: ReadonlySet<JsonlEntry>,
  plan: SessionPlan,
  notes: ImportNotes,
  context: FileContext,
): void {
  let response: JsonlEntry[] = [];
  let boundary: JsonlEntry | undefined;
  let first = true;
  const metadata = (extra: RuntimeMessageMetadata = {}): { metadata?: RuntimeMessageMetadata } => {
    const value: RuntimeMessageMetadata = {
      ...(context.agentName === undefined ? {} : { agentName: context.agentName }),
      ...extra,
      ...(first && context.firstExtra !== undefined ? { extra: context.firstExtra } : {}),
    };
    return Object.keys(value).length === 0 ? {} : { metadata: value };
  };
  const emit = (messages: RuntimeMessage[]): RuntimeMessage[] => {
    if (messages.length > 0) first = false;
    return messages;
  };
  const flushResponse = (): void => {
    if (response.length > 0) mapResponse(response, plan, notes, metadata, emit);
    response = [];
  };
  const dropBoundary = (): void => {
    if (boundary !== undefined)
      notes.add(
        'skipped',
        'compact boundary with no compact summary after it',
        `line ${boundary.line}`,
      );
    boundary = undefined;
  };

  for (const entry of entries) {
    const type = stringOf(entry.value.type) ?? 'unknown';
    const where = `line ${entry.line}`;
    if (!chain.has(entry)) {
      if (type === 'user' || type === 'assistant' || isBoundary(entry.value)) {
        notes.add(
          'skipped',
          entry.value.isSidechain === true
            ? 'sidechain entry in the main file (a sub-agent’s)'
            : 'entry not on the main line (a rewound branch)',
          where,
        );
      } else {
        notes.add('skipped', `bookkeeping line (${describeType(entry.value)})`, where);
      }
      continue;
    }
    if (type === 'assistant') {
      const id = messageIdOf(entry.value);
      const current = response[0] === undefined ? undefined : messageIdOf(response[0].value);
      if (response.length > 0 && (id === undefined || id !== current)) flushResponse();
      response.push(entry);
      continue;
    }
    if (type === 'user') {
      flushResponse();
      if (entry.value.isCompactSummary === true) {
        const summaryText = textOf(messageOf(entry.value)?.content);
        const createdAt = isoTimeOf(entry.value.timestamp, EPOCH);
        const uuid = stringOf(entry.value.uuid) ?? where;
        const boundaryMessage: CompactBoundaryMessage =
          boundary === undefined
            ? {
                id: `${uuid}:boundary`,
                sessionId: plan.sessionId,
                role: 'system',
                kind: 'compact_boundary',
                createdAt,
                content: { type: 'compact-boundary', trigger: 'auto' },
              }
            : boundaryOf(boundary, plan.sessionId);
        if (boundary === undefined)
          notes.add(
            'mapped',
            'compact summary with no boundary entry before it (older versions): boundary derived from the summary',
            where,
          );
        boundary = undefined;
        plan.compaction(boundaryMessage, {
          id: uuid,
          sessionId: plan.sessionId,
          role: 'user',
          kind: 'compact_summary',
          createdAt,
          content: summaryText,
          metadata: { ...metadata().metadata, summaryForBoundaryId: boundaryMessage.id },
        });
        first = false;
        notes.add('mapped', 'compaction (compact_boundary and isCompactSummary entries)', where);
        continue;
      }
      dropBoundary();
      plan.append(emit(userMessages(entry, plan.sessionId, notes, metadata)));
      continue;
    }
    if (isBoundary(entry.value)) {
      flushResponse();
      dropBoundary();
      boundary = entry;
      continue;
    }
    notes.add('skipped', `bookkeeping line (${describeType(entry.value)})`, where);
  }
  flushResponse();
  dropBoundary();
}

function mapResponse(
  entries: readonly JsonlEntry[],
  plan: SessionPlan,
  notes: ImportNotes,
  metadata: (extra?: RuntimeMessageMetadata) => { metadata?: RuntimeMessageMetadata },
  emit: (messages: RuntimeMessage[]) => RuntimeMessage[],
): void {
  const firstEntry = entries[0];
  const lastMessage = messageOf(entries.at(-1)?.value);
  if (firstEntry === undefined || lastMessage === undefined) return;
  const items = entries.flatMap((entry): AssistantItem[] => {
    const blocks = contentBlocks(messageOf(entry.value)?.content);
    const uuid = stringOf(entry.value.uuid) ?? `line ${entry.line}`;
    return blocks.flatMap((block, index) => {
      const item = assistantItemOf(block, blocks.length === 1 ? uuid : `${uuid}:${index}`);
      if (item === undefined)
        notes.add(
          'skipped',
          `assistant content block (${String(block.type)})`,
          `line ${entry.line}`,
        );
      return item === undefined ? [] : [item];
    });
  });
  if (entries.length > 1) {
    notes.add(
      'merged',
      'assistant entries of one API response (same message.id) joined',
      stringOf(lastMessage.id),
    );
  }
  const model = stringOf(lastMessage.model);
  const synthetic = model === '<synthetic>' || firstEntry.value.isApiErrorMessage === true;
  const messages = emit(
    assistantMessages(items, {
      sessionId: plan.sessionId,
      createdAt: isoTimeOf(firstEntry.value.timestamp, EPOCH),
      ...metadata(synthetic ? { synthetic: true, source: 'runtime' } : {}),
    }),
  );
  const responseId = stringOf(lastMessage.id);
  const usage = isRecord(lastMessage.usage) ? lastMessage.usage : undefined;
  if (synthetic || responseId === undefined || usage === undefined) {
    if (synthetic)
      notes.add(
        'mapped',
        'assistant entry written by Claude Code itself (no model call)',
        `line ${firstEntry.line}`,
      );
    plan.append(messages);
    return;
  }
  const stopReason = entries
    .map((entry) => stringOf(messageOf(entry.value)?.stop_reason))
    .filter((reason) => reason !== undefined)
    .at(-1);
  const finishReason =
    stopReason === undefined ? undefined : (FINISH_REASONS[stopReason] ?? 'other');
  const agentName = metadata().metadata?.agentName;
  const call: ModelCallFacts = {
    callId: `${responseId}:step-0`,
    generationId: responseId,
    stepNumber: 0,
    provider: 'anthropic.messages',
    responseId,
    usage: usageOf(usage),
    ...(model === undefined ? {} : { modelId: model }),
    ...(finishReason === undefined ? {} : { finishReason }),
    ...(agentName === undefined ? {} : { agentName }),
  };
  plan.modelCall(messages, call);
}

function userMessages(
  entry: JsonlEntry,
  sessionId: string,
  notes: ImportNotes,
  metadata: (extra?: RuntimeMessageMetadata) => { metadata?: RuntimeMessageMetadata },
): RuntimeMessage[] {
  const where = `line ${entry.line}`;
  const uuid = stringOf(entry.value.uuid) ?? where;
  const createdAt = isoTimeOf(entry.value.timestamp, EPOCH);
  const content = messageOf(entry.value)?.content;
  const meta = entry.value.isMeta === true;
  if (meta)
    notes.add(
      'metadata',
      'isMeta user entry (made by Claude Code, sent to the model): synthetic user input',
      where,
    );
  const inputMetadata = metadata(
    meta ? { synthetic: true, source: 'runtime', tags: ['claude-code:isMeta'] } : {},
  );
  if (typeof content === 'string') {
    if (content.trim() === '') {
      notes.add('skipped', 'empty user entry', where);
      return [];
    }
    return [
      {
        id: uuid,
        sessionId,
        role: 'user',
        kind: 'user_input',
        createdAt,
        content,
        ...inputMetadata,
      },
    ];
  }
  const blocks = contentBlocks(content);
  const results = blocks
    .filter((block) => block.type === 'tool_result')
    .flatMap((block) => {
      const part = toolResultPartOf(block);
      return part === undefined ? [] : [part];
    });
  const parts = blocks
    .filter((block) => block.type !== 'tool_result')
    .flatMap((block) => {
      const part = userPartOf(block);
      if (part === undefined)
        notes.add('skipped', `user content block (${String(block.type)})`, where);
      return part === undefined ? [] : [part];
    });
  const messages: RuntimeMessage[] = [];
  if (results.length > 0) {
    messages.push({
      id: parts.length > 0 ? `${uuid}:results` : uuid,
      sessionId,
      role: 'tool',
      kind: 'tool_result',
      createdAt,
      content: results,
      ...metadata(),
    });
  }
  if (parts.length > 0) {
    messages.push({
      id: uuid,
      sessionId,
      role: 'user',
      kind: 'user_input',
      createdAt,
      content: parts,
      ...inputMetadata,
    });
  }
  if (messages.length === 0) notes.add('skipped', 'empty user entry', where);
  return messages;
}

function boundaryOf(entry: JsonlEntry, sessionId: string): CompactBoundaryMessage {
  const compact = isRecord(entry.value.compactMetadata) ? entry.value.compactMetadata : {};
  const tokensBefore = numberOf(compact.preTokens);
  return {
    id: stringOf(entry.value.uuid) ?? `line ${entry.line}`,
    sessionId,
    role: 'system',
    kind: 'compact_boundary',
    createdAt: isoTimeOf(entry.value.timestamp, EPOCH),
    content: {
      type: 'compact-boundary',
      trigger: compact.trigger === 'manual' ? 'manual' : 'auto',
      ...(tokensBefore === undefined ? {} : { tokensBefore }),
      ...(typeof entry.value.content === 'string' ? { reason: entry.value.content } : {}),
    },
  };
}

/** The `Task` (or `Agent`) call of the parent that started a sub-agent, by agent id or prompt. */
function parentCall(
  parent: readonly JsonlEntry[],
  subagent: readonly JsonlEntry[],
  agentId: string,
): { toolCallId: string; agentType?: string } | undefined {
  const calls = new Map<string, Record_>();
  for (const entry of parent) {
    if (entry.value.type !== 'assistant') continue;
    for (const block of contentBlocks(messageOf(entry.value)?.content)) {
      const id = stringOf(block.id);
      if (
        block.type === 'tool_use' &&
        id !== undefined &&
        (block.name === 'Task' || block.name === 'Agent')
      ) {
        calls.set(id, isRecord(block.input) ? block.input : {});
      }
    }
  }
  const withType = (toolCallId: string) => {
    const agentType = stringOf(calls.get(toolCallId)?.subagent_type);
    return agentType === undefined ? { toolCallId } : { toolCallId, agentType };
  };
  for (const entry of parent) {
    const result = isRecord(entry.value.toolUseResult) ? entry.value.toolUseResult : undefined;
    if (result === undefined || stringOf(result.agentId) !== agentId) continue;
    const block = contentBlocks(messageOf(entry.value)?.content).find(
      (item) => item.type === 'tool_result',
    );
    const id = stringOf(block?.tool_use_id);
    if (id !== undefined && calls.has(id)) return withType(id);
  }
  const prompt = subagent
    .filter((entry) => entry.value.type === 'user')
    .map((entry) => textOf(messageOf(entry.value)?.content))
    .find((text) => text !== '');
  for (const [toolCallId, input] of calls) {
    if (prompt !== undefined && stringOf(input.prompt) === prompt) return withType(toolCallId);
  }
  return undefined;
}

function usageOf(usage: Record_): ModelCallUsage {
  const input = numberOf(usage.input_tokens);
  const cacheReadTokens = numberOf(usage.cache_read_input_tokens);
  const cacheWriteTokens = numberOf(usage.cache_creation_input_tokens);
  const outputTokens = numberOf(usage.output_tokens);
  const inputTokens =
    input === undefined ? undefined : input + (cacheReadTokens ?? 0) + (cacheWriteTokens ?? 0);
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    inputTokenDetails: {
      ...(input === undefined ? {} : { noCacheTokens: input }),
      ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
      ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    },
    ...(outputTokens === undefined ? {} : { outputTokens }),
    ...(inputTokens === undefined || outputTokens === undefined
      ? {}
      : { totalTokens: inputTokens + outputTokens }),
    raw: jsonObjectOf(usage),
  };
}

function isBoundary(entry: Record_): boolean {
  return entry.type === 'system' && entry.subtype === 'compact_boundary';
}

function describeType(entry: Record_): string {
  const type = stringOf(entry.type) ?? 'no type';
  const subtype = stringOf(entry.subtype);
  return subtype === undefined ? type : `${type} ${subtype}`;
}

function messageOf(entry: Record_ | undefined): Record_ | undefined {
  return entry !== undefined && isRecord(entry.message) ? entry.message : undefined;
}

function messageIdOf(entry: Record_): string | undefined {
  return stringOf(messageOf(entry)?.id);
}

function contentBlocks(content: unknown): Record_[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return arrayOf(content).filter(isRecord);
}

function textOf(content: unknown): string {
  return contentBlocks(content)
    .flatMap((block) => (block.type === 'text' ? [stringOf(block.text) ?? ''] : []))
    .join('\n');
}
