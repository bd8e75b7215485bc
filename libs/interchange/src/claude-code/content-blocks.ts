import type {
  FilePart,
  ImagePart,
  TextPart,
  ToolResultContentItem,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { AssistantItem } from '../internal/assistant-messages';
import { arrayOf, isRecord, jsonOf, stringOf, type Record_ } from '../internal/json';

/**
 * An Anthropic content block of an assistant message as an assistant part: `text`, `thinking`
 * (its signature kept where the Anthropic adapter reads it back, `providerOptions.anthropic`),
 * `redacted_thinking`, `tool_use` and `server_tool_use` (provider-executed). `undefined` for a
 * block with no counterpart (a server tool's result block), which the caller notes.
 */
export function assistantItemOf(block: Record_, id: string): AssistantItem | undefined {
  switch (block.type) {
    case 'text': {
      const text = stringOf(block.text) ?? '';
      return text.trim() === ''
        ? undefined
        : { kind: 'assistant_text', id, part: { type: 'text', text } };
    }
    case 'thinking': {
      const signature = stringOf(block.signature);
      return {
        kind: 'assistant_reasoning',
        id,
        part: {
          type: 'reasoning',
          text: stringOf(block.thinking) ?? '',
          ...(signature === undefined ? {} : { providerOptions: { anthropic: { signature } } }),
        },
      };
    }
    case 'redacted_thinking':
      return {
        kind: 'assistant_reasoning',
        id,
        part: {
          type: 'reasoning',
          text: '',
          providerOptions: { anthropic: { redactedData: stringOf(block.data) ?? '' } },
        },
      };
    case 'tool_use':
    case 'server_tool_use': {
      const toolCallId = stringOf(block.id);
      const toolName = stringOf(block.name);
      if (toolCallId === undefined || toolName === undefined) return undefined;
      return {
        kind: 'tool_call',
        id,
        part: {
          type: 'tool-call',
          toolCallId,
          toolName,
          input: jsonOf(block.input ?? {}),
          ...(block.type === 'server_tool_use' ? { providerExecuted: true } : {}),
        },
      };
    }
    default:
      return undefined;
  }
}

/** A `text`, `image` or `document` block of a user message as a user part. */
export function userPartOf(block: Record_): TextPart | ImagePart | FilePart | undefined {
  if (block.type === 'text') {
    const text = stringOf(block.text) ?? '';
    return text === '' ? undefined : { type: 'text', text };
  }
  const source = isRecord(block.source) ? block.source : undefined;
  if (source === undefined) return undefined;
  const data = source.type === 'url' ? stringOf(source.url) : stringOf(source.data);
  const mediaType = stringOf(source.media_type);
  if (data === undefined) return undefined;
  if (block.type === 'image') {
    return { type: 'image', image: data, ...(mediaType === undefined ? {} : { mediaType }) };
  }
  if (block.type === 'document') {
    return { type: 'file', data, mediaType: mediaType ?? 'application/pdf' };
  }
  return undefined;
}

/**
 * A `tool_result` block as a tool result part: string content → text (error text when
 * `is_error`), block content → text and media items, images kept as base64.
 */
export function toolResultPartOf(block: Record_): ToolResultPart | undefined {
  const toolCallId = stringOf(block.tool_use_id);
  if (toolCallId === undefined) return undefined;
  return { type: 'tool-result', toolCallId, output: toolResultOutputOf(block) };
}

function toolResultOutputOf(block: Record_): ToolResultOutput {
  const isError = block.is_error === true;
  if (typeof block.content === 'string' || block.content === undefined) {
    const value = stringOf(block.content) ?? '';
    return isError ? { type: 'error-text', value } : { type: 'text', value };
  }
  const items = arrayOf(block.content).flatMap((item): ToolResultContentItem[] => {
    if (!isRecord(item)) return [];
    if (item.type === 'text') return [{ type: 'text', text: stringOf(item.text) ?? '' }];
    const source = isRecord(item.source) ? item.source : undefined;
    if (item.type === 'image' && source !== undefined) {
      const data = stringOf(source.data) ?? stringOf(source.url);
      if (data === undefined) return [];
      return [{ type: 'media', data, mediaType: stringOf(source.media_type) ?? 'image/png' }];
    }
    return [{ type: 'text', text: JSON.stringify(item) }];
  });
  if (isError) {
    return {
      type: 'error-text',
      value: items
        .map((item) => (item.type === 'text' ? item.text : `[${item.mediaType}]`))
        .join('\n'),
    };
  }
  if (items.every((item) => item.type === 'text')) {
    return {
      type: 'text',
      value: items.map((item) => (item.type === 'text' ? item.text : '')).join('\n'),
    };
  }
  return { type: 'content', value: items };
}
