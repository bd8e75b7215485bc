import { can, useConnection } from '../auth';
import { formatCount } from '../format';
import { contentText } from '../model/content-text';
import { Pending, useAsync } from '../use-async';
import { Chart } from './chart';
import { ContextShrinksTable } from './context-shrinks-table';
import { ModelCallsTable } from './model-calls-table';

/**
 * The session's analytics: tokens per model call (cache reads and writes, the ledger's count beside
 * the reported input), tool calls and errors by tool, and what each compaction and pruning shed
 * against its net cost after cache effects.
 */
export function SessionAnalyticsPanel({
  sessionId,
  revision,
}: {
  sessionId: string;
  revision: number;
}) {
  const connection = useConnection();
  const { client } = connection;
  // Tokens per call come from the raw events, which need the audit scope.
  const audit = can(connection, 'audit');
  const analytics = useAsync(
    () => client.sessionAnalytics(sessionId),
    [client, sessionId, revision],
  );
  const calls = useAsync(async () => {
    if (!audit) return undefined;
    const points: Array<{ label: string; input: number; output: number }> = [];
    const prunings: Array<{ label: string; characters: number; results: number }> = [];
    const outputLength = new Map<string, number>();
    const pruned = new Set<string>();
    for await (const event of client.events(sessionId, { limit: 1000 })) {
      const data = record(event.data);
      if (event.type === 'ToolResultRecorded' && typeof data['id'] === 'string') {
        outputLength.set(data['id'], contentText(data['content']).length);
      } else if (event.type === 'ToolResultsPruned') {
        // The first mark that names a result is the one that truncated it to the stub.
        const ids = (Array.isArray(data['messageIds']) ? data['messageIds'] : []).filter(
          (id): id is string => typeof id === 'string' && !pruned.has(id),
        );
        ids.forEach((id) => pruned.add(id));
        prunings.push({
          label: `revision ${event.revision}`,
          characters: ids.reduce((sum, id) => sum + (outputLength.get(id) ?? 0), 0),
          results: ids.length,
        });
      } else if (event.type === 'ModelCallRecorded') {
        const usage = record(data['usage']);
        points.push({
          label: `#${points.length + 1} ${event.createdAt.slice(11, 19)}`,
          input: typeof usage['inputTokens'] === 'number' ? usage['inputTokens'] : 0,
          output: typeof usage['outputTokens'] === 'number' ? usage['outputTokens'] : 0,
        });
      }
    }
    return { points, prunings };
  }, [client, sessionId, revision, audit]);

  return (
    <div class="panel" role="region" tabIndex={0} aria-label="Analytics">
      <h2>Analytics</h2>
      <Pending state={analytics} what="the analytics" />
      {analytics.status === 'done' && (
        <>
          <dl class="figures">
            <dt>Turns</dt>
            <dd>{formatCount(analytics.value.turns)}</dd>
            <dt>Messages</dt>
            <dd>{formatCount(analytics.value.messages.total)}</dd>
            <dt>Model calls</dt>
            <dd>{formatCount(analytics.value.modelCalls.total)}</dd>
            <dt>Tokens (in / out / total)</dt>
            <dd>
              {formatCount(analytics.value.tokens.input)} /{' '}
              {formatCount(analytics.value.tokens.output)} /{' '}
              {formatCount(analytics.value.tokens.total)}
            </dd>
            <dt>Cache (read / written)</dt>
            <dd>
              {formatCount(analytics.value.tokens.cachedInput)} /{' '}
              {formatCount(analytics.value.tokens.cacheWrite)}
            </dd>
            {analytics.value.tokenEstimates !== undefined && (
              <>
                <dt>Ledger's count against the reported input</dt>
                <dd>
                  off by {formatCount(analytics.value.tokenEstimates.meanAbsoluteError)} tokens (
                  {analytics.value.tokenEstimates.meanAbsolutePercentError} %) on average over{' '}
                  {formatCount(analytics.value.tokenEstimates.calls)} calls
                </dd>
              </>
            )}
            <dt>Pruning saved</dt>
            <dd>
              {formatCount(analytics.value.prunings.characters)} characters in{' '}
              {formatCount(analytics.value.prunings.results)} tool result
              {analytics.value.prunings.results === 1 ? '' : 's'}
            </dd>
            <dt>Compactions (the ledger's / providers')</dt>
            <dd>
              {formatCount(analytics.value.compactions.length)} /{' '}
              {formatCount(analytics.value.providerCompactions.length)}
              {analytics.value.providerCompactions.length > 0 &&
                ` (${analytics.value.providerCompactions
                  .map((compaction) => compaction.family)
                  .join(', ')})`}
            </dd>
            <dt>Hand-offs</dt>
            <dd>{formatCount(analytics.value.handoffs.total)}</dd>
          </dl>
          {analytics.value.calls.length > 0 && <ModelCallsTable calls={analytics.value.calls} />}
          {analytics.value.contextShrinks.length > 0 && (
            <ContextShrinksTable shrinks={analytics.value.contextShrinks} />
          )}
          {calls.status === 'done' && calls.value === undefined && (
            <p class="muted">
              Tokens per model call need a key with the audit scope (they are read from the raw
              events).
            </p>
          )}
          {calls.status === 'done' &&
            calls.value !== undefined &&
            calls.value.points.length > 0 && (
              <Chart
                title="Tokens per model call, over time"
                kind="line"
                labels={calls.value.points.map((call) => call.label)}
                series={[
                  {
                    label: 'input tokens',
                    values: calls.value.points.map((call) => call.input),
                    color: '#1f5fbf',
                  },
                  {
                    label: 'output tokens',
                    values: calls.value.points.map((call) => call.output),
                    color: '#b3470f',
                  },
                ]}
              />
            )}
          {analytics.value.tools.length > 0 && (
            <Chart
              title="Tool calls and errors by tool"
              kind="bars"
              labels={analytics.value.tools.map((tool) => tool.toolName)}
              series={[
                {
                  label: 'calls',
                  values: analytics.value.tools.map((tool) => tool.calls),
                  color: '#1f5fbf',
                },
                {
                  label: 'errors',
                  values: analytics.value.tools.map((tool) => tool.errors),
                  color: '#b00020',
                },
              ]}
            />
          )}
          {analytics.value.compactions.length > 0 && (
            <Chart
              title="What each compaction saved: tokens before it, characters of its summary"
              kind="bars"
              labels={analytics.value.compactions.map((compaction) => compaction.boundaryId)}
              series={[
                {
                  label: 'tokens before',
                  values: analytics.value.compactions.map(
                    (compaction) => compaction.tokensBefore ?? 0,
                  ),
                  color: '#6a3d9a',
                },
                {
                  label: 'summary characters',
                  values: analytics.value.compactions.map(
                    (compaction) => compaction.summaryChars ?? 0,
                  ),
                  color: '#2e7d32',
                },
              ]}
            />
          )}
          {calls.status === 'done' &&
            calls.value !== undefined &&
            calls.value.prunings.length > 0 && (
              <Chart
                title="What each pruning saved: characters of tool output the model no longer reads"
                kind="bars"
                labels={calls.value.prunings.map((pruning) => pruning.label)}
                series={[
                  {
                    label: 'characters truncated to the stub',
                    values: calls.value.prunings.map((pruning) => pruning.characters),
                    color: '#8a4b00',
                  },
                  {
                    label: 'tool results',
                    values: calls.value.prunings.map((pruning) => pruning.results),
                    color: '#1f5fbf',
                  },
                ]}
              />
            )}
        </>
      )}
    </div>
  );
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
