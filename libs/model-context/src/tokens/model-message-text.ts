import type { ModelMessage, ModelMessagePart } from '@agent-ledger/projections';

/**
 * The text of a model-view message as a provider tokenizes it: its text, the tool names with the
 * JSON of their inputs and outputs, the text of results. Media counts by its media type only (its
 * bytes are billed by other rules than text).
 */
export function modelMessageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map(partText).join('\n');
}

function partText(part: ModelMessagePart): string {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return part.text;
    case 'tool-call':
      return `${part.toolName} ${JSON.stringify(part.input) ?? ''}`;
    case 'tool-result': {
      const output = part.output;
      const text =
        output.type === 'text' || output.type === 'error-text'
          ? output.value
          : output.type === 'blob'
            ? // Not inlined (the view inlines the excerpts it sends): what the reference shows.
              output.blob.preview
            : (JSON.stringify(output.type === 'execution-denied' ? output.reason : output.value) ??
              '');
      return `${part.toolName ?? ''} ${text}`;
    }
    case 'image':
    case 'file':
      return part.mediaType ?? part.type;
    case 'tool-approval-request':
    case 'tool-approval-response':
      return JSON.stringify(part) ?? '';
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}
