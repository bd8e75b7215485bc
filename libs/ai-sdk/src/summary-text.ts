/** The model-view kinds of text that restate history rather than being the user's own words. */
export type SummaryKind = 'compact_summary' | 'handoff_summary';

/** The tag that marks each kind of summary when it shares a user turn. */
const SUMMARY_TAGS: Record<SummaryKind, string> = {
  compact_summary: 'compact-summary',
  handoff_summary: 'handoff-summary',
};

/**
 * A compact or hand-off summary as text that says what it is, for when it has to share a user turn
 * with the user's own words (providers with strict turns merge consecutive user messages):
 * `<compact-summary>\n{text}\n</compact-summary>`, `<handoff-summary>\n{text}\n</handoff-summary>`.
 * A summary in a user message of its own stays plain text.
 */
export function summaryText(kind: SummaryKind, text: string): string {
  const tag = SUMMARY_TAGS[kind];
  return `<${tag}>\n${text}\n</${tag}>`;
}
