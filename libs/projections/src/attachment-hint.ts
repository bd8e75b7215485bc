/**
 * The text that replaces an attachment a provider cannot take, e.g.
 * `[Attachment omitted: report.xlsx (application/vnd.ms-excel) — not supported by provider "anthropic"]`.
 */
export function attachmentHint(name: string, mediaType: string, reason: string): string {
  return `[Attachment omitted: ${name} (${mediaType}) — ${reason}]`;
}
