import type { ModelContextDiff, ModelContextSide } from '../audit/diff-model-context';
import type { ModelContextChange } from '../audit/diff-model-views';
import type { ProviderContextChange } from '@agent-ledger/model-context';
import type { ProviderContextEdit } from '@agent-ledger/events';
import { formatTable } from './format-table';

/**
 * A model-context diff for people: both ends, one row per changed message, then what providers
 * dropped on their side (one row per message a compaction covered or an edit cleared).
 */
export function renderDiff(diff: ModelContextDiff): string {
  const heading = `Model context of session ${diff.sessionId}: ${describeSide(diff.from)} → ${describeSide(diff.to)}`;
  if (diff.changes.length === 0 && diff.providerChanges.length === 0) {
    return `${heading}\n\nNo change.`;
  }
  const sections = [heading];
  if (diff.changes.length > 0) {
    sections.push(
      formatTable(
        ['CHANGE', 'MESSAGE', 'KIND', 'DETAIL'],
        diff.changes.map((change) => [
          change.change,
          change.messageId,
          change.kind,
          detail(change),
        ]),
      ),
    );
  }
  if (diff.providerChanges.length > 0) {
    sections.push(
      `Dropped by the provider:\n${formatTable(
        ['CHANGE', 'REVISION', 'PROVIDER', 'DETAIL', 'MESSAGES'],
        diff.providerChanges.map(providerRow),
      )}`,
    );
  }
  return sections.join('\n\n');
}

function providerRow(change: ProviderContextChange): string[] {
  switch (change.change) {
    case 'provider-compacted':
      return [
        change.change,
        String(change.revision),
        change.provider,
        `${change.family} compaction in ${change.artifactMessageId}, sent back to ${change.family} only`,
        change.coveredMessageIds.join(' ') || '-',
      ];
    case 'provider-edited':
      return [
        change.change,
        String(change.revision),
        change.provider,
        change.edits.map(describeEdit).join('; '),
        change.clearedToolResultIds.join(' ') || '-',
      ];
    default: {
      const unreachable: never = change;
      return [JSON.stringify(unreachable)];
    }
  }
}

function describeEdit(edit: ProviderContextEdit): string {
  const counts = [
    edit.clearedToolUses === undefined ? undefined : `${edit.clearedToolUses} tool uses`,
    edit.clearedThinkingTurns === undefined
      ? undefined
      : `${edit.clearedThinkingTurns} thinking turns`,
    edit.clearedInputTokens === undefined ? undefined : `${edit.clearedInputTokens} tokens`,
  ].filter((count) => count !== undefined);
  return counts.length === 0 ? edit.type : `${edit.type}: ${counts.join(', ')} cleared`;
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
