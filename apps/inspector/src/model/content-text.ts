/**
 * The readable text of a message's content, for previews and search in the page: a string as it
 * is, text and reasoning parts joined, a tool call as `name(input)`, a tool result by its output,
 * approvals by what they say. Nothing is dropped silently: an unknown part is shown as JSON.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(partText).join('\n');
  if (typeof content === 'object' && content !== null) return partText(content);
  return content === undefined ? '' : JSON.stringify(content);
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part !== 'object' || part === null) return JSON.stringify(part);
  const record = part as Record<string, unknown>;
  switch (record['type']) {
    case 'text':
    case 'reasoning':
      return typeof record['text'] === 'string' ? record['text'] : '';
    case 'tool-call':
      return `${String(record['toolName'])}(${JSON.stringify(record['input'] ?? {})})`;
    case 'tool-result':
      return outputText(record['output']);
    case 'tool-approval-request':
      return `Approval requested for ${String(record['toolCallId'])}`;
    case 'tool-approval-response':
      return `${record['approved'] === true ? 'Approved' : 'Denied'}${
        typeof record['reason'] === 'string' ? `: ${record['reason']}` : ''
      }`;
    case 'compact-boundary':
      return `Compaction (${stringOr(record['trigger'], 'manual')})`;
    case 'agent-switch':
      return `${String(record['fromAgent'])} → ${String(record['toAgent'])}`;
    case 'image':
    case 'file':
      return `[${stringOr(record['mediaType'], String(record['type']))}]`;
    default:
      return JSON.stringify(part);
  }
}

/** A tool output (`{ type: 'text' | 'json' | 'error-text' | …, value }`) as text. */
export function outputText(output: unknown): string {
  if (typeof output !== 'object' || output === null) return JSON.stringify(output ?? null);
  const value = (output as Record<string, unknown>)['value'];
  return typeof value === 'string' ? value : JSON.stringify(value ?? output, null, 2);
}

/** `value` when it is a string, else `fallback`. */
export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
