import type { ContextShrinkFigures, SessionAnalytics } from '@agent-ledger/projections';
import { formatTable } from './format-table';

/**
 * A session's analytics as text: the totals, then one table of its model calls (reported input,
 * output, cache reads and writes, the ledger's count of the context beside the reported input,
 * latency, cost), its tools, its compactions (the ledger's and the providers'), and its context shrinks (each pruning and compaction:
 * tokens shed against the net cost after cache effects, said as "net cheaper" or "net dearer").
 */
export function renderSessionAnalytics(figures: SessionAnalytics): string {
  const kinds = Object.entries(figures.messages.byKind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const lines = [
    `Session ${figures.sessionId} · ${figures.turns} turns · ${figures.messages.total} messages · ${figures.modelCalls.total} model calls`,
    `Activity  ${figures.firstActivityAt ?? '-'} → ${figures.lastActivityAt ?? '-'}`,
    `Messages  ${kinds === '' ? '-' : kinds}`,
    `Tokens    input ${figures.tokens.input} · output ${figures.tokens.output} · reasoning ${figures.tokens.reasoning} · cached input ${figures.tokens.cachedInput} · cache write ${figures.tokens.cacheWrite} · total ${figures.tokens.total}`,
    `Prunings  ${figures.prunings.results} results · ${figures.prunings.characters} characters out of the model view`,
    `Hand-offs ${figures.handoffs.total}${
      figures.handoffs.total === 0
        ? ''
        : ` (${Object.entries(figures.handoffs.byAgent)
            .map(([agent, count]) => `to ${agent} ${count}`)
            .join(', ')})`
    }`,
  ];
  if (figures.tokenEstimates !== undefined) {
    const estimates = figures.tokenEstimates;
    lines.push(
      `Estimates ${estimates.calls} calls counted · mean error ${estimates.meanAbsoluteError} tokens (${estimates.meanAbsolutePercentError} %) against the reported input`,
    );
  }
  if (figures.calls.length > 0) {
    lines.push(
      '',
      formatTable(
        [
          'CALL',
          'MODEL',
          'INPUT',
          'OUTPUT',
          'CACHE READ',
          'CACHE WRITE',
          'ESTIMATE',
          'METHOD',
          'ERROR',
          'LATENCY MS',
          'COST',
        ],
        figures.calls.map((call) => [
          call.callId,
          call.model,
          String(call.inputTokens),
          String(call.outputTokens),
          String(call.cacheReadTokens),
          String(call.cacheWriteTokens),
          optional(call.estimatedInputTokens),
          call.estimateMethod ?? '-',
          optional(call.estimateError),
          optional(call.latencyMs),
          call.cost === undefined ? '-' : `${call.cost.amount} ${call.cost.currency}`,
        ]),
      ),
    );
  }
  lines.push(
    '',
    formatTable(
      ['TOOL', 'CALLS', 'RESULTS', 'ERRORS', 'OUTPUT P50', 'OUTPUT MAX', 'OUTPUT TOTAL'],
      figures.tools.map((tool) => [
        tool.toolName,
        String(tool.calls),
        String(tool.results),
        String(tool.errors),
        String(tool.outputChars.p50),
        String(tool.outputChars.max),
        String(tool.outputChars.total),
      ]),
    ),
  );
  if (figures.compactions.length > 0) {
    lines.push(
      '',
      formatTable(
        ['COMPACTION', 'AT', 'TOKENS BEFORE', 'SUMMARY CHARS'],
        figures.compactions.map((compaction) => [
          compaction.boundaryId,
          compaction.createdAt,
          optional(compaction.tokensBefore),
          optional(compaction.summaryChars),
        ]),
      ),
    );
  }
  if (figures.providerCompactions.length > 0) {
    lines.push(
      '',
      formatTable(
        [
          'PROVIDER COMPACTION',
          'REVISION',
          'PROVIDER',
          'TOKENS BEFORE',
          'TOKENS AFTER',
          'CALLS AFTER',
        ],
        figures.providerCompactions.map((compaction) => [
          compaction.compactionId,
          String(compaction.revision),
          compaction.provider,
          optional(compaction.tokensBefore),
          optional(compaction.tokensAfter),
          String(compaction.callsAfter),
        ]),
      ),
    );
  }
  if (figures.contextShrinks.length > 0) {
    lines.push(
      '',
      formatTable(
        [
          'SHRINK',
          'REVISION',
          'TOKENS SHED',
          'CALLS AFTER',
          'TOKENS SAVED',
          'REBILLED',
          'NET COST',
          'BREAK-EVEN CALLS',
          'VERDICT',
        ],
        figures.contextShrinks.map((shrink) => [
          shrink.kind,
          String(shrink.revision),
          optional(shrink.tokensShed),
          String(shrink.callsAfter),
          optional(shrink.tokensSaved),
          optional(shrink.cache?.rebilledTokens),
          optional(shrink.cache?.netCost),
          optional(shrink.cache?.breakEvenCalls),
          verdict(shrink),
        ]),
      ),
    );
  }
  return lines.join('\n');
}

function optional(value: number | undefined): string {
  return value === undefined ? '-' : String(value);
}

/** What the net cost says: negative paid for itself, positive cost more than it saved so far. */
function verdict(shrink: ContextShrinkFigures): string {
  if (shrink.cache === undefined) return 'no cache figures';
  if (shrink.cache.netCost < 0) return 'net cheaper';
  if (shrink.cache.netCost > 0) return 'net dearer';
  return 'even';
}
