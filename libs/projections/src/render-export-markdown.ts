import type { ContentPart } from '@agent-ledger/messages';
import { renderExportPart } from './render-export-part';
import type { ExportMessage, ExportSemanticType, ProjectionResult } from './types';

/** Heading label of each exported semantic type. */
const LABELS: Record<ExportSemanticType, string> = {
  system_note: 'System',
  user_input: 'User',
  assistant_text: 'Assistant',
  assistant_reasoning: 'Assistant reasoning',
  tool_call: 'Tool call',
  tool_result: 'Tool result',
  tool_approval_request: 'Approval request',
  tool_approval_response: 'Approval response',
  compact_boundary: 'Compaction',
  handoff_summary: 'Hand-off summary',
};

/**
 * Renders an export as Markdown: a title, then one section per message headed by its label, agent
 * and time; a compact boundary is a single italic line between rules. Tool inputs and outputs are
 * fenced code blocks; images and files are named, never inlined. Pure: the same export always
 * renders to the same text, which is `renderExportMarkdownTitle`, then each message's
 * `renderExportMarkdownSection` separated by a blank line, then a newline (what a caller writing
 * a long export piece by piece writes).
 */
export function renderExportMarkdown(
  result: ProjectionResult<ExportMessage>,
  options: { title?: string } = {},
): string {
  const sections = result.messages.map(renderExportMarkdownSection);
  return `${renderExportMarkdownTitle(options.title)}${sections.join('\n\n')}\n`;
}

/** The title line of a Markdown export, and the blank line after it. */
export function renderExportMarkdownTitle(title = 'Conversation export'): string {
  return `# ${title}\n\n`;
}

/** One message of a Markdown export, without the blank lines around it. */
export function renderExportMarkdownSection(message: ExportMessage): string {
  if (message.semanticType === 'compact_boundary') {
    return `---\n\n*${renderBody(message.content)}*\n\n---`;
  }
  return `${renderExportMarkdownHeading(message)}\n\n${renderBody(message.content)}`;
}

/**
 * The heading line of a message's section (label, agent, time), without the blank line after
 * it: what a caller writing a section's parts one by one writes first. Not for a compact
 * boundary, whose section is a line between rules.
 */
export function renderExportMarkdownHeading(message: ExportMessage): string {
  const agent = message.agentName === undefined ? '' : ` (${message.agentName})`;
  return `### ${LABELS[message.semanticType]}${agent} · ${message.createdAt}`;
}

function renderBody(content: ExportMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part: ContentPart) => renderExportPart(part)).join('\n\n');
}
