import type { JsonValue, ToolResultOutput } from '@agent-ledger/messages';

/**
 * The text of a tool output, as search indexes it and analytics counts its size: text and error
 * text as they are, JSON values as JSON (a JSON string as the string), the text items of a
 * content output one per line, a denial's reason, a blob output's preview (the event holds no
 * more of it). Media items are data, not text: left out.
 */
export function toolOutputText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return jsonText(output.value);
    case 'content':
      return output.value.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
    case 'execution-denied':
      return output.reason ?? '';
    case 'blob':
      // What the event holds of it: the text's first characters (`blobPreview`), the cap search keeps.
      return output.blob.preview;
    default: {
      const unreachable: never = output;
      return unreachable;
    }
  }
}

/** Strings as they are (a JSON string value is text), other values as JSON. */
export function jsonText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
