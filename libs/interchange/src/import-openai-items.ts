import type {
  FilePart,
  ImagePart,
  RuntimeMessage,
  TextPart,
  ToolCallPart,
  ToolResultContentItem,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { ModelCallFacts } from '@agent-ledger/sessions';
import { InvalidImportSourceError } from './errors';
import type { ImportPlan } from './import-plan';
import type { TimelessImportOptions } from './import-ui-messages';
import { ImportNotes } from './internal/import-notes';
import {
  arrayOf,
  isoTimeOf,
  isRecord,
  jsonOf,
  numberOf,
  stringOf,
  type Record_,
} from './internal/json';
import { SessionPlan } from './internal/session-plan';
import { userContent, userFilePart } from './internal/user-parts';

const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * Maps OpenAI Responses / Conversations items to the write side's commands. The source is an
 * item array, a Conversations items list (`{ object: "list", data }`, in conversation order:
 * list it with `order=asc`) or a Response (`{ object: "response", output, usage }`, whose output
 * is recorded as one model call with its usage). `message` items: system and developer →
 * `system_note`, user → `user_input` (text, images, files), assistant → `assistant_text`
 * (refusals as text); consecutive `function_call` items → one `tool_call` (arguments parsed
 * from their JSON string), `function_call_output` → `tool_result`; `reasoning` → reasoning
 * with its summary text, the item id and encrypted content kept where the OpenAI adapter reads
 * them (`providerOptions.openai`); `compaction` (OpenAI's encrypted compaction item) → an
 * `assistant_text` holding it as OpenAI's compaction artifact (`providerOptions.openai.type:
 * "compaction"`, its encrypted content and item id), which the write side records as a provider
 * compaction (`ProviderCompactionRecorded`) over the items before it: sent back only to OpenAI,
 * every other provider is sent the items it covers (counted in the report's `compactions`).
 * Other item types (built-in tool calls, item references) are skipped, noted. Ids are the items' ids (`call_id` for calls without one).
 */
export function importOpenAiItems(
  source: unknown,
  options: TimelessImportOptions & { sessionId: string },
): ImportPlan {
  const { items, response } = itemsOf(source);
  const notes = new ImportNotes();
  const plan = new SessionPlan(options.sessionId, notes);
  // A Response says when it was made (epoch seconds); items alone do not.
  const createdSeconds = numberOf(response?.created_at);
  const createdAt =
    createdSeconds === undefined
      ? (options.createdAt ?? EPOCH)
      : isoTimeOf(createdSeconds * 1000, EPOCH);
  const base = { sessionId: options.sessionId, createdAt };
  const messages: RuntimeMessage[] = [];
  let compactions = 0;
  items.forEach((item, index) => {
    const where = `items[${index}]`;
    if (!isRecord(item))
      throw new InvalidImportSourceError('expected an item object ({ type, … })', where);
    const id = stringOf(item.id) ?? stringOf(item.call_id) ?? `item-${index}`;
    const previous = messages.at(-1);
    switch (item.type ?? (item.role === undefined ? undefined : 'message')) {
      case 'message': {
        const message = messageOf(item, id, base, notes, where);
        if (message !== undefined) messages.push(message);
        return;
      }
      case 'function_call': {
        const part = callOf(item, where);
        if (previous?.kind === 'tool_call') previous.content.push(part);
        else messages.push({ ...base, id, role: 'assistant', kind: 'tool_call', content: [part] });
        return;
      }
      case 'function_call_output': {
        const part = outputOf(item, where);
        if (previous?.kind === 'tool_result') previous.content.push(part);
        else messages.push({ ...base, id, role: 'tool', kind: 'tool_result', content: [part] });
        return;
      }
      case 'compaction': {
        // OpenAI's artifact, read only by OpenAI: the append records a provider compaction.
        const encrypted = stringOf(item.encrypted_content);
        const itemId = stringOf(item.id);
        compactions += 1;
        messages.push({
          ...base,
          id,
          role: 'assistant',
          kind: 'assistant_text',
          content: [
            {
              type: 'text',
              text: '',
              providerOptions: {
                openai: {
                  type: 'compaction',
                  ...(encrypted === undefined ? {} : { encryptedContent: encrypted }),
                  ...(itemId === undefined ? {} : { itemId }),
                },
              },
            },
          ],
        });
        return;
      }
      case 'reasoning': {
        const text = arrayOf(item.summary)
          .filter(isRecord)
          .map((part) => stringOf(part.text) ?? '')
          .join('\n');
        const encrypted = stringOf(item.encrypted_content);
        messages.push({
          ...base,
          id,
          role: 'assistant',
          kind: 'assistant_reasoning',
          content: [
            {
              type: 'reasoning',
              text,
              providerOptions: {
                openai: {
                  itemId: id,
                  ...(encrypted === undefined ? {} : { reasoningEncryptedContent: encrypted }),
                },
              },
            },
          ],
        });
        return;
      }
      case undefined:
      default:
        notes.add(
          'skipped',
          `item type ${String(item.type)} (no runtime-message counterpart)`,
          where,
        );
    }
  });
  if (response !== undefined) {
    plan.modelCall(messages, callFacts(response));
  } else {
    plan.append(messages);
  }
  return {
    sessions: [{ sessionId: options.sessionId, commands: plan.build() }],
    report: {
      format: 'openai-items',
      records: items.length,
      messages: plan.counts.messages,
      modelCalls: plan.counts.modelCalls,
      compactions,
      prunedToolResults: 0,
      notes: notes.list(),
    },
  };
}

function itemsOf(source: unknown): { items: unknown[]; response?: Record_ } {
  if (Array.isArray(source)) return { items: source };
  if (isRecord(source) && Array.isArray(source.data)) return { items: source.data };
  if (isRecord(source) && source.object === 'response' && Array.isArray(source.output)) {
    return { items: source.output, response: source };
  }
  throw new InvalidImportSourceError(
    'expected OpenAI items: an array of items, a Conversations items list ({ object: "list", data }) or a Response ({ object: "response", output })',
  );
}

function messageOf(
  item: Record_,
  id: string,
  base: { sessionId: string; createdAt: string },
  notes: ImportNotes,
  where: string,
): RuntimeMessage | undefined {
  const parts =
    typeof item.content === 'string'
      ? [{ type: 'input_text', text: item.content }]
      : arrayOf(item.content).filter(isRecord);
  const text = parts
    .flatMap((part) => {
      const value = stringOf(part.text) ?? stringOf(part.refusal);
      return value === undefined ? [] : [value];
    })
    .join('\n');
  switch (item.role) {
    case 'system':
    case 'developer':
      return text === ''
        ? undefined
        : { ...base, id, role: 'system', kind: 'system_note', content: text };
    case 'assistant':
      return text === ''
        ? undefined
        : {
            ...base,
            id,
            role: 'assistant',
            kind: 'assistant_text',
            content: [{ type: 'text', text }],
          };
    case 'user': {
      const content = parts.flatMap((part): Array<TextPart | ImagePart | FilePart> => {
        const value = stringOf(part.text);
        if (value !== undefined) return [{ type: 'text', text: value }];
        const data =
          stringOf(part.image_url) ?? stringOf(part.file_data) ?? stringOf(part.file_url);
        if (data === undefined) {
          notes.add(
            'skipped',
            `user content part ${String(part.type)} without inline data or URL (a file_id)`,
            where,
          );
          return [];
        }
        return [
          userFilePart(
            data,
            part.type === 'input_image'
              ? mediaTypeOf(data)
              : (mediaTypeOf(data) ?? 'application/pdf'),
            stringOf(part.filename),
          ),
        ];
      });
      return content.length === 0
        ? undefined
        : { ...base, id, role: 'user', kind: 'user_input', content: userContent(content) };
    }
    default:
      throw new InvalidImportSourceError(
        `message role ${JSON.stringify(item.role)} is not one of user, assistant, system, developer`,
        where,
      );
  }
}

function mediaTypeOf(data: string): string | undefined {
  return /^data:([^;,]+)/.exec(data)?.[1];
}

function callOf(item: Record_, where: string): ToolCallPart {
  const toolCallId = stringOf(item.call_id);
  const toolName = stringOf(item.name);
  if (toolCallId === undefined || toolName === undefined) {
    throw new InvalidImportSourceError('a function_call needs call_id and name', where);
  }
  const raw = stringOf(item.arguments) ?? '{}';
  let input: unknown;
  try {
    input = JSON.parse(raw);
  } catch {
    input = { arguments: raw };
  }
  return { type: 'tool-call', toolCallId, toolName, input: jsonOf(input) };
}

function outputOf(item: Record_, where: string): ToolResultPart {
  const toolCallId = stringOf(item.call_id);
  if (toolCallId === undefined)
    throw new InvalidImportSourceError('a function_call_output needs call_id', where);
  let output: ToolResultOutput;
  if (typeof item.output === 'string') {
    output = { type: 'text', value: item.output };
  } else {
    const value = arrayOf(item.output)
      .filter(isRecord)
      .flatMap((part): ToolResultContentItem[] => {
        const text = stringOf(part.text);
        if (text !== undefined) return [{ type: 'text', text }];
        const url = stringOf(part.image_url);
        const match = url === undefined ? null : /^data:([^;,]+);base64,(.*)$/.exec(url);
        return match?.[1] !== undefined && match[2] !== undefined
          ? [{ type: 'media', mediaType: match[1], data: match[2] }]
          : [];
      });
    output = { type: 'content', value };
  }
  return { type: 'tool-result', toolCallId, output };
}

function callFacts(response: Record_): ModelCallFacts {
  const id = stringOf(response.id) ?? 'response';
  const usage = isRecord(response.usage) ? response.usage : {};
  const inputTokens = numberOf(usage.input_tokens);
  const outputTokens = numberOf(usage.output_tokens);
  const cached = isRecord(usage.input_tokens_details)
    ? numberOf(usage.input_tokens_details.cached_tokens)
    : undefined;
  const reasoning = isRecord(usage.output_tokens_details)
    ? numberOf(usage.output_tokens_details.reasoning_tokens)
    : undefined;
  const model = stringOf(response.model);
  return {
    callId: `${id}:step-0`,
    generationId: id,
    stepNumber: 0,
    provider: 'openai.responses',
    responseId: id,
    ...(model === undefined ? {} : { modelId: model }),
    usage: {
      ...(inputTokens === undefined ? {} : { inputTokens }),
      ...(cached === undefined ? {} : { inputTokenDetails: { cacheReadTokens: cached } }),
      ...(outputTokens === undefined ? {} : { outputTokens }),
      ...(reasoning === undefined ? {} : { outputTokenDetails: { reasoningTokens: reasoning } }),
      ...(inputTokens === undefined || outputTokens === undefined
        ? {}
        : { totalTokens: inputTokens + outputTokens }),
    },
  };
}
