import type { ContentPart, RuntimeMessage } from '@agent-ledger/messages';
import { jsonText, toolOutputText } from './tool-output-text';

/**
 * The searchable text of one recorded message, one field per line: user and assistant text,
 * reasoning, tool names and inputs (as JSON), tool outputs (text, JSON values, error text, text
 * items of content outputs), denial reasons, summaries, hand-offs, boundary reasons and agent
 * switches. Binary data (images, files, media) is not text and is left out; file names are kept.
 */
export function searchTextOf(message: RuntimeMessage): string {
  switch (message.kind) {
    case 'system_note':
    case 'compact_summary':
    case 'runtime_reminder':
    case 'handoff_summary':
      return message.content;
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'tool_call':
    case 'tool_result':
    case 'tool_approval_request':
    case 'tool_approval_response':
      return typeof message.content === 'string' ? message.content : partsText(message.content);
    case 'compact_boundary':
      return lines([message.content.reason ?? '']);
    case 'agent_switch_note':
      return lines([
        message.content.fromAgent,
        message.content.toAgent,
        message.content.reason ?? '',
      ]);
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}

/** The parts' texts, one per line, the empty ones left out (`lines`, without its arrays). */
function partsText(parts: readonly ContentPart[]): string {
  let text = '';
  for (const part of parts) {
    const field = partText(part);
    if (field === '') continue;
    text = text === '' ? field : `${text}\n${field}`;
  }
  return text;
}

function partText(part: ContentPart): string {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return part.text;
    case 'image':
      return '';
    case 'file':
      return part.filename ?? '';
    case 'tool-call':
      return twoLines(part.toolName, jsonText(part.input));
    case 'tool-result':
      return twoLines(part.toolName ?? '', toolOutputText(part.output));
    case 'tool-approval-request':
      return '';
    case 'tool-approval-response':
      return part.reason ?? '';
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

/** `lines([first, second])`. */
function twoLines(first: string, second: string): string {
  if (first === '') return second;
  return second === '' ? first : `${first}\n${second}`;
}

function lines(fields: readonly string[]): string {
  return fields.filter((field) => field !== '').join('\n');
}
