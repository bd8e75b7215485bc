import type { ReplayedView } from '../audit/replay-view';
import { truncateToWidth } from './display-width';
import { formatTable } from './format-table';
import { summarizeContent } from './summarize-content';

const CONTENT_COLUMNS = 80;

/**
 * A replayed view for people: a heading, one table row per message (role, semantic type, the
 * runtime messages it came from, what was done to it, its content on one line), then the
 * diagnostics. `--json` prints the view itself instead.
 */
export function renderView(view: ReplayedView): string {
  const heading = `Session ${view.sessionId} · revision ${view.revision} · ${view.view} view · ${view.messages.length} messages`;
  const table =
    view.view === 'ai-sdk'
      ? formatTable(
          ['#', 'ROLE', 'CONTENT'],
          view.messages.map((message, index) => [
            String(index),
            field(message, 'role'),
            content(message),
          ]),
        )
      : formatTable(
          ['#', 'ROLE', 'TYPE', 'SOURCE', 'NOTES', 'CONTENT'],
          view.messages.map((message, index) => [
            String(index),
            field(message, 'role'),
            field(message, 'semanticType'),
            sourceIds(message),
            notes(message, view.view),
            content(message),
          ]),
        );
  return [heading, '', table, '', ...renderDiagnostics(view.diagnostics)].join('\n');
}

/** Diagnostics as `name: value` lines, empty lists left out. */
export function renderDiagnostics(diagnostics: Record<string, unknown>): string[] {
  return Object.entries(diagnostics).flatMap(([name, value]) => {
    if (Array.isArray(value)) {
      if (value.length === 0) return [];
      return [
        `${name}: ${value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')}`,
      ];
    }
    if (value === undefined) return [];
    return [`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`];
  });
}

function field(message: unknown, name: string): string {
  if (!isRecord(message)) return '';
  const value = message[name];
  return typeof value === 'string' ? value : '';
}

function sourceIds(message: unknown): string {
  if (!isRecord(message)) return '';
  const ids = message['sourceMessageIds'];
  return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string').join(',') : '';
}

/**
 * What the view did to the message. In the transcript and export a pruned tool result keeps its
 * whole content (`pruned`); in the model and compact views it is truncated to the stub, as the
 * view's `truncatedMessageIds` says. The debug view says what the model view did with each message.
 */
function notes(message: unknown, view: ReplayedView['view']): string {
  if (!isRecord(message)) return '';
  const metadata = isRecord(message['metadata']) ? message['metadata'] : {};
  const model = isRecord(message['model']) ? message['model'] : {};
  const keepsContent = view === 'transcript' || view === 'export';
  const flags = [
    model['status'] === 'hidden' ? `hidden: ${String(model['reason'])}` : undefined,
    metadata['compacted'] === true ? (keepsContent ? 'pruned' : 'truncated (stub)') : undefined,
    metadata['truncated'] === true ? 'truncated' : undefined,
    metadata['hiddenFromTranscript'] === true ? 'hidden-from-transcript' : undefined,
  ];
  return flags.filter((flag) => flag !== undefined).join(',');
}

function content(message: unknown): string {
  return truncateToWidth(
    isRecord(message) ? summarizeContent(message['content']) : '',
    CONTENT_COLUMNS,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
