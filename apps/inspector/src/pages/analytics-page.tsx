import type { AnalyticsGroupBy } from '@agent-ledger/client';
import { useState } from 'preact/hooks';
import { Chart } from '../analytics/chart';
import { useConnection } from '../auth';
import { formatCount } from '../format';
import { Pending, useAsync } from '../use-async';

const GROUPINGS: AnalyticsGroupBy[] = ['day', 'agent', 'model', 'tool'];

/** Analytics across sessions: tokens, tool calls and errors, by day, agent, model or tool. */
export function AnalyticsPage() {
  const { client } = useConnection();
  const [groupBy, setGroupBy] = useState<AnalyticsGroupBy>('day');
  const page = useAsync(() => client.analytics({ groupBy }), [client, groupBy]);
  return (
    <main id="main" class="page">
      <h1>Analytics across sessions</h1>
      <label>
        Group by{' '}
        <select
          value={groupBy}
          onChange={(event) => setGroupBy(event.currentTarget.value as AnalyticsGroupBy)}
        >
          {GROUPINGS.map((grouping) => (
            <option key={grouping} value={grouping}>
              {grouping}
            </option>
          ))}
        </select>
      </label>
      <Pending state={page} what="the analytics" />
      {page.status === 'done' &&
        (page.value.groups.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <div class="charts">
            <Chart
              title={`Tokens by ${groupBy}`}
              kind="bars"
              labels={page.value.groups.map((group) => group.key)}
              series={[
                {
                  label: 'input tokens',
                  values: page.value.groups.map((group) => group.tokens.input),
                  color: '#1f5fbf',
                },
                {
                  label: 'output tokens',
                  values: page.value.groups.map((group) => group.tokens.output),
                  color: '#b3470f',
                },
              ]}
            />
            <Chart
              title={`Tool calls and errors by ${groupBy}`}
              kind="bars"
              labels={page.value.groups.map((group) => group.key)}
              series={[
                {
                  label: 'tool calls',
                  values: page.value.groups.map((group) => group.toolCalls),
                  color: '#1f5fbf',
                },
                {
                  label: 'tool errors',
                  values: page.value.groups.map((group) => group.toolErrors),
                  color: '#b00020',
                },
              ]}
            />
            <p class="muted">
              {formatCount(page.value.groups.reduce((sum, group) => sum + group.sessions, 0))}{' '}
              session-groups ·{' '}
              {formatCount(page.value.groups.reduce((sum, group) => sum + group.modelCalls, 0))}{' '}
              model calls
            </p>
          </div>
        ))}
    </main>
  );
}
