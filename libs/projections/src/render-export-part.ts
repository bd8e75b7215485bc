import type { ContentPart, ToolResultOutput } from '@agent-ledger/messages';
import { markdownFence } from './markdown-fence';

/** Markdown for one content part of an exported message; binary payloads are named, not inlined. */
export function renderExportPart(part: ContentPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'reasoning':
      return part.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'image':
      return `[image${part.mediaType === undefined ? '' : `: ${part.mediaType}`}]`;
    case 'file':
      return `[file: ${part.filename ?? 'unnamed'} (${part.mediaType})]`;
    case 'tool-call':
      return `**Tool call** \`${part.toolName}\` (${part.toolCallId})\n\n${markdownFence(JSON.stringify(part.input, null, 2), 'json')}`;
    case 'tool-result':
      return `**Tool result** ${part.toolName === undefined ? '' : `\`${part.toolName}\` `}(${part.toolCallId})\n\n${renderOutput(part.output)}`;
    case 'tool-approval-request':
      return `**Approval requested** for ${part.toolCallId} (${part.approvalId})`;
    case 'tool-approval-response':
      return `**${part.approved ? 'Approved' : 'Denied'}** (${part.approvalId})${part.reason === undefined ? '' : `: ${part.reason}`}`;
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

function renderOutput(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
      return markdownFence(output.value, 'text');
    case 'error-text':
      return `Error:\n\n${markdownFence(output.value, 'text')}`;
    case 'json':
      return markdownFence(JSON.stringify(output.value, null, 2), 'json');
    case 'error-json':
      return `Error:\n\n${markdownFence(JSON.stringify(output.value, null, 2), 'json')}`;
    case 'content':
      return output.value
        .map((item) =>
          item.type === 'text' ? markdownFence(item.text, 'text') : `[media: ${item.mediaType}]`,
        )
        .join('\n\n');
    case 'execution-denied':
      return `Execution denied${output.reason === undefined ? '' : `: ${output.reason}`}`;
    case 'blob':
      return `${output.as.startsWith('error') ? 'Error:\n\n' : ''}[blob ${output.blob.sha256}: ${output.blob.size} bytes, ${output.blob.mediaType}]\n\n${markdownFence(output.blob.preview, 'text')}`;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}
