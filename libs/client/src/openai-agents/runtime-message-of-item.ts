import type { JsonObject, JsonValue } from '../contract/json-value';
import type { RuntimeMessageInput } from '../contract/runtime-message';
import { itemToJson } from './item-json';

/** Where the item is kept: `metadata.extra.openaiAgentsItem` of the runtime message it became. */
export const ITEM_KEY = 'openaiAgentsItem';

/** What a runtime message made of an item carries besides the item. */
export interface ItemMessageContext {
  /** The runtime message's id. */
  id: string;
  sessionId: string;
  runId?: string;
  agentName?: string;
  /** The earlier message this item repeats (an item a compaction kept): `metadata.repeatsMessageId`. */
  repeatsMessageId?: string;
}

/**
 * The runtime message an OpenAI Agents item is recorded as: its meaning (a user message is a
 * `user_input`, a function call a `tool_call`, …) so that the transcript, search and the model
 * context read it, and the item itself, whole, in `metadata.extra.openaiAgentsItem`, which is what
 * `getItems` gives back. A compaction item is an `assistant_text` whose one text part is OpenAI's
 * compaction artifact (`providerOptions.openai.type === 'compaction'`, with the item's
 * `encryptedContent` and `itemId`; no text, since only OpenAI can read it): the ledger records it
 * as a provider compaction, sent back only to OpenAI. An item with no runtime message of its own
 * (hosted tool calls, computer, shell and patch calls and their results, an unknown item) is a
 * `system_note` naming its type, kept out of the model context. One item is always one message,
 * so popping an item is rewinding one message.
 */
export function runtimeMessageOfItem(
  item: unknown,
  context: ItemMessageContext,
): RuntimeMessageInput {
  const json = itemToJson(item);
  const meaning = meaningOf(json);
  return {
    id: context.id,
    sessionId: context.sessionId,
    ...meaning.message,
    ...(context.runId === undefined ? {} : { runId: context.runId }),
    metadata: {
      ...(context.agentName === undefined ? {} : { agentName: context.agentName }),
      ...(meaning.eligibleForModelContext ? {} : { eligibleForModelContext: false }),
      ...(context.repeatsMessageId === undefined
        ? {}
        : { repeatsMessageId: context.repeatsMessageId }),
      extra: { [ITEM_KEY]: json },
    },
  };
}

type Meaning = {
  message: Pick<RuntimeMessageInput, 'kind' | 'role' | 'content'>;
  eligibleForModelContext: boolean;
};

function meaningOf(item: JsonObject): Meaning {
  const type = item['type'] ?? (item['role'] === undefined ? undefined : 'message');
  if (type === 'message') return messageMeaning(item);
  if (type === 'function_call') {
    return shown('tool_call', 'assistant', [
      {
        type: 'tool-call',
        toolCallId: text(item['callId']),
        toolName: text(item['name']),
        input: parsedArguments(item['arguments']),
      },
    ]);
  }
  if (type === 'function_call_result') {
    return shown('tool_result', 'tool', [
      {
        type: 'tool-result',
        toolCallId: text(item['callId']),
        toolName: text(item['name']),
        output: toolOutput(item['output']),
      },
    ]);
  }
  if (type === 'compaction') return compactionMeaning(item);
  if (type === 'reasoning') {
    const parts = [...list(item['content']), ...list(item['rawContent'])];
    return shown('assistant_reasoning', 'assistant', texts(parts));
  }
  return {
    message: {
      kind: 'system_note',
      role: 'system',
      content: `OpenAI Agents item "${typeof type === 'string' ? type : 'unknown'}"${
        typeof item['name'] === 'string' ? ` (${item['name']})` : ''
      }, kept as it is in metadata.extra.${ITEM_KEY}`,
    },
    eligibleForModelContext: false,
  };
}

/** OpenAI's compaction item as its artifact part: what `providerCompactionFamilyOf` reads. */
function compactionMeaning(item: JsonObject): Meaning {
  const encrypted = item['encrypted_content'] ?? item['encryptedContent'];
  const id = item['id'];
  const openai: JsonObject = {
    type: 'compaction',
    ...(typeof encrypted === 'string' ? { encryptedContent: encrypted } : {}),
    ...(typeof id === 'string' && id !== '' ? { itemId: id } : {}),
  };
  return shown('assistant_text', 'assistant', [
    { type: 'text', text: '', providerOptions: { openai } },
  ]);
}

function messageMeaning(item: JsonObject): Meaning {
  const content = item['content'];
  if (item['role'] === 'system' || item['role'] === 'developer') {
    return shown(
      'system_note',
      'system',
      typeof content === 'string' ? content : texts(list(content)),
    );
  }
  if (item['role'] === 'assistant') {
    return shown(
      'assistant_text',
      'assistant',
      typeof content === 'string' ? content : texts(list(content)),
    );
  }
  if (typeof content === 'string') return shown('user_input', 'user', content);
  const parts = list(content).flatMap((part): JsonObject[] => {
    if (part['type'] === 'input_text' && typeof part['text'] === 'string') {
      return [{ type: 'text', text: part['text'] }];
    }
    if (part['type'] === 'input_image' && typeof part['image'] === 'string') {
      return [{ type: 'image', image: part['image'] }];
    }
    return [{ type: 'text', text: `[${text(part['type'])}]` }];
  });
  return shown('user_input', 'user', parts);
}

function shown(
  kind: RuntimeMessageInput['kind'],
  role: RuntimeMessageInput['role'],
  content: JsonValue,
): Meaning {
  return { message: { kind, role, content }, eligibleForModelContext: true };
}

/** The text of parts (`input_text`, `output_text`, `refusal`, `reasoning_text`), one per line. */
function texts(parts: JsonObject[]): string {
  return parts
    .map((part) => part['text'] ?? part['refusal'])
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
}

function toolOutput(output: JsonValue | undefined): JsonObject {
  if (typeof output === 'string') return { type: 'text', value: output };
  if (
    typeof output === 'object' &&
    output !== null &&
    !Array.isArray(output) &&
    output['type'] === 'text' &&
    typeof output['text'] === 'string'
  ) {
    return { type: 'text', value: output['text'] };
  }
  return { type: 'json', value: output ?? null };
}

function parsedArguments(value: JsonValue | undefined): JsonValue {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as JsonValue;
  } catch {
    return value;
  }
}

function list(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value)
    ? value.filter(
        (entry): entry is JsonObject =>
          typeof entry === 'object' && entry !== null && !Array.isArray(entry),
      )
    : [];
}

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' && value !== '' ? value : 'unknown';
}
