/** Default largest tool output the client records whole: a quarter of the 1 MiB append limit. */
export const DEFAULT_MAX_TOOL_OUTPUT_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/**
 * Tool results too large for the ledger's 1 MiB append limit, made to fit: the output's text (or
 * its JSON, serialized) is cut to `maxBytes` of UTF-8 and ends with a marker saying how much was
 * kept, so the model and a reader both know the result is partial. A 413 `AppendTooLarge` is
 * something a runtime cannot act on mid-generation; a truncated result it can. Works on AI SDK
 * `tool` messages and on `tool_result` runtime messages (both hold `tool-result` parts); anything
 * else is returned as it is. Deterministic, so a re-sent step truncates to the same content.
 */
export function fitToolOutputs<T>(messages: readonly T[], maxBytes: number): T[] {
  return messages.map((message) => {
    if (!isRecord(message) || !Array.isArray(message['content'])) return message;
    let changed = false;
    const content = message['content'].map((part: unknown) => {
      if (!isRecord(part) || part['type'] !== 'tool-result' || !isRecord(part['output']))
        return part;
      const output = fitOutput(part['output'], maxBytes);
      if (output === part['output']) return part;
      changed = true;
      return { ...part, output };
    });
    return changed ? { ...message, content } : message;
  });
}

function fitOutput(output: Record<string, unknown>, maxBytes: number): Record<string, unknown> {
  const type = output['type'];
  const value = output['value'];
  if ((type === 'text' || type === 'error-text') && typeof value === 'string') {
    return byteLength(value) <= maxBytes ? output : { ...output, value: truncate(value, maxBytes) };
  }
  if (type === 'json' || type === 'error-json') {
    const text = JSON.stringify(value) ?? 'null';
    if (byteLength(text) <= maxBytes) return output;
    return { type: type === 'json' ? 'text' : 'error-text', value: truncate(text, maxBytes) };
  }
  if (type === 'content' && Array.isArray(value)) {
    const text = JSON.stringify(value);
    if (byteLength(text) <= maxBytes) return output;
    const texts = value
      .map((item: unknown) =>
        isRecord(item) && item['type'] === 'text' ? String(item['text']) : '[media]',
      )
      .join('\n');
    return { type: 'text', value: truncate(texts, maxBytes) };
  }
  return output;
}

/** `text` cut to fit `maxBytes` (with the marker), on a character boundary. */
export function truncate(text: string, maxBytes: number): string {
  const total = [...text].length;
  let kept = Math.min(total, maxBytes);
  for (;;) {
    const marker = `\n[truncated by the runtime: ${kept} of ${total} characters kept, the output was over the ledger's append limit]`;
    const head = [...text].slice(0, kept).join('');
    const size = byteLength(head) + byteLength(marker);
    if (size <= maxBytes || kept === 0) return head + marker;
    kept = Math.max(0, Math.floor(kept * (maxBytes / size)) - 1);
  }
}

function byteLength(text: string): number {
  return encoder.encode(text).byteLength;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
