import type { RuntimeMessage } from '@agent-ledger/messages';
import { agentNameOf } from '../agent-name-of';
import type { ProjectionContext, ProjectionResult } from '../types';
import type { SearchDocument } from './search-document';
import { searchFactsOf } from './search-facts-of';
import { searchTextOf } from './search-text-of';
import { searchVisibility, type SearchBoundary } from './search-visibility';
import { toolNamesOf } from './tool-names-of';

/**
 * The search view: one document per recorded message, in log order, with its searchable text and
 * whether the model sees it now ({@link searchVisibility}). `messages` are the session's recorded
 * messages (retried copies dropped, reused ids renamed, pruning marks applied), not the model
 * view's selection: search finds what compaction and pruning took out of the model's view too.
 * A tool result recorded without `toolName` takes the name of the call recorded before it.
 * Nothing is hidden, so `hiddenMessageIds` is empty; the context is accepted for a uniform signature.
 */
export function projectToSearch(
  messages: readonly RuntimeMessage[],
  _context: ProjectionContext,
): ProjectionResult<SearchDocument> {
  const boundary = latestBoundary(messages);
  const callNames = new Map<string, string>();
  const documents = messages.map((message, seq): SearchDocument => {
    const toolNames = toolNamesOf(message);
    if (message.kind === 'tool_call') {
      for (const part of message.content) callNames.set(part.toolCallId, part.toolName);
    }
    if (message.kind === 'tool_result') {
      for (const part of message.content) {
        const name = part.toolName ?? callNames.get(part.toolCallId);
        if (name !== undefined && !toolNames.includes(name)) toolNames.push(name);
      }
    }
    const agentName = agentNameOf(message);
    const text = searchTextOf(message);
    const visibility = searchVisibility(searchFactsOf(message, seq), boundary);
    const reasoning = message.kind === 'assistant_reasoning';
    // One literal per shape, keys in the order of the JSON (a spread of `{ agentName }` cost more).
    return agentName === undefined
      ? {
          view: 'search',
          messageId: message.id,
          kind: message.kind,
          role: message.role,
          createdAt: message.createdAt,
          toolNames,
          reasoning,
          text,
          visibility,
        }
      : {
          view: 'search',
          messageId: message.id,
          kind: message.kind,
          role: message.role,
          createdAt: message.createdAt,
          agentName,
          toolNames,
          reasoning,
          text,
          visibility,
        };
  });
  return {
    messages: documents,
    diagnostics: { hiddenMessageIds: [], truncatedMessageIds: [], injectedNotes: [] },
  };
}

function latestBoundary(messages: readonly RuntimeMessage[]): SearchBoundary | undefined {
  const seq = messages.findLastIndex((message) => message.kind === 'compact_boundary');
  const boundary = messages[seq];
  if (boundary === undefined) return undefined;
  const summarySeq = messages.findLastIndex(
    (message) =>
      message.kind === 'compact_summary' &&
      message.metadata?.summaryForBoundaryId === boundary.id &&
      message.metadata.eligibleForModelContext !== false,
  );
  return { id: boundary.id, seq, ...(summarySeq === -1 ? {} : { summarySeq }) };
}
