import type { FilePart } from '@agent-ledger/messages';

/**
 * The assistant text that stands for a file the provider cannot take in an assistant message,
 * e.g. `[Attachment omitted: notes.txt (text/plain) — this provider takes no files in assistant messages]`
 * (the projection's wording for attachments it omits). Anthropic and OpenAI drop such files
 * silently, which can leave an assistant message empty; the note keeps the model aware of it.
 */
export function assistantFileText(file: Pick<FilePart, 'mediaType' | 'filename'>): string {
  const name = file.filename ?? 'file';
  return `[Attachment omitted: ${name} (${file.mediaType}) — this provider takes no files in assistant messages]`;
}
