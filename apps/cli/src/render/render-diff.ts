import type { ModelContextDiff, ModelContextSide } from '../audit/diff-model-context';
import type { ModelContextChange } from '../audit/diff-model-views';
import { formatTable } from './format-table';

/** A model-context diff for people: both ends, then one row per changed message. */
export function renderDiff(diff: ModelContextDiff): string {
  const heading = `Model context of session ${diff.sessionId}: ${describeSide(diff.from)} → ${describeSide(diff.to)}`;
  if (diff.changes.length === 0) return `${heading}\n\nNo change.`;
  const table = formatTable(
    ['CHANGE', 'MESSAGE', 'KIND', 'DETAIL'],
    diff.changes.map((change) => [change.change, change.messageId, change.kind, detail(change)]),
  );
  return `${heading}\n\n${table}`;
}

function describeSide(side: ModelContextSide): string {
  const boundary =
    side.compactBoundaryId === undefined ? '' : `, from boundary ${side.compactBoundaryId}`;
  return `revision ${side.revision} (${side.modelMessages} messages${boundary})`;
}

function detail(change: ModelContextChange): string {
  switch (change.change) {
    case 'added':
    case 'untruncated':
      return '';
    case 'removed':
      return change.compactBoundaryId === undefined
        ? change.reason
        : `removed by compaction ${change.compactBoundaryId}`;
    case 'truncated':
      if (!change.stub) return `${change.originalLength} → ${change.keptLength} characters`;
      switch (change.cause) {
        case 'compacted':
          return `to the stub: pruned${change.compactedAt === undefined ? '' : ` at ${change.compactedAt}`}`;
        case 'older-than-recent-turns':
          return 'to the stub: over the soft limit, older than the recent turns';
        case 'tool-results-excluded':
          return 'to the stub: tool results excluded';
        default: {
          const unreachable: never = change.cause;
          return String(unreachable);
        }
      }
    default: {
      const unreachable: never = change;
      return JSON.stringify(unreachable);
    }
  }
}
