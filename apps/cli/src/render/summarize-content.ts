/**
 * One line that says what a message's content is, for tables: text as is (whitespace collapsed),
 * each content part by what matters in it (`Read {"file_path":"src/auth.ts"}` for a tool call,
 * `call_1 → …` for its result, `[image image/png]` for media), structured content by its type.
 * Works on any view's content, including the AI SDK's, without trusting its shape.
 */
export function summarizeContent(content: unknown): string {
  if (typeof content === 'string') return oneLine(content);
  if (Array.isArray(content)) return content.map(summarizePart).join(' | ');
  return summarizePart(content);
}

function summarizePart(part: unknown): string {
  if (typeof part === 'string') return oneLine(part);
  if (!isRecord(part)) return oneLine(JSON.stringify(part) ?? String(part));
  switch (part['type']) {
    case 'text':
      return oneLine(text(part['text']));
    case 'reasoning':
      return `(reasoning) ${oneLine(text(part['text']))}`;
    case 'image':
      return `[image ${text(part['mediaType'])}]`.replace(' ]', ']');
    case 'file':
      return `[file ${text(part['filename'] ?? part['mediaType'])}]`.replace(' ]', ']');
    case 'tool-call':
      return `${text(part['toolName'])} ${oneLine(JSON.stringify(part['input']) ?? '')}`;
    case 'tool-result':
      return `${text(part['toolCallId'])} → ${summarizeOutput(part['output'])}`;
    case 'tool-approval-request':
      return `approve ${text(part['toolCallId'])}? (${text(part['approvalId'])})`;
    case 'tool-approval-response':
      return `${part['approved'] === true ? 'approved' : 'denied'} ${text(part['approvalId'])}`;
    case 'compact-boundary':
      return `── compact boundary (${text(part['trigger'])}) ──`;
    case 'agent-switch':
      return `agent ${text(part['fromAgent'])} → ${text(part['toAgent'])}`;
    default:
      return oneLine(JSON.stringify(part));
  }
}

function summarizeOutput(output: unknown): string {
  if (!isRecord(output)) return oneLine(JSON.stringify(output) ?? '');
  switch (output['type']) {
    case 'text':
      return oneLine(text(output['value']));
    case 'error-text':
      return `error: ${oneLine(text(output['value']))}`;
    case 'json':
    case 'error-json':
      return oneLine(JSON.stringify(output['value']) ?? '');
    case 'execution-denied':
      return 'execution denied';
    case 'content':
      return Array.isArray(output['value'])
        ? output['value'].map(summarizePart).join(' | ')
        : oneLine(JSON.stringify(output['value']) ?? '');
    default:
      return oneLine(JSON.stringify(output));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
