import type { ModelCallRow } from '@agent-ledger/client';
import { formatCost, formatCount, formatLatency } from '../format';

/**
 * The session's model calls in log order, one row each: the input, output, cache read and cache
 * write tokens the provider reported, the ledger's count of the context the call was sent beside
 * the reported input (and by how much it was off), latency and cost where recorded.
 */
export function ModelCallsTable({ calls }: { calls: readonly ModelCallRow[] }) {
  return (
    <div class="table-scroll" role="region" tabIndex={0} aria-label="Model calls, tokens">
      <table class="analytics-table">
        <caption>Tokens of each model call, as the provider reported them</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col" class="number">
              Input
            </th>
            <th scope="col" class="number">
              Output
            </th>
            <th scope="col" class="number">
              Cache read
            </th>
            <th scope="col" class="number">
              Cache write
            </th>
            <th scope="col" class="number">
              Ledger's count
            </th>
            <th scope="col" class="number">
              Latency
            </th>
            <th scope="col" class="number">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call, index) => (
            <tr key={call.callId} aria-label={`Model call ${index + 1}`}>
              <th scope="row" title={`${call.callId} · ${call.model}`}>
                #{index + 1}
              </th>
              <td class="number">{formatCount(call.inputTokens)}</td>
              <td class="number">{formatCount(call.outputTokens)}</td>
              <td class="number">{formatCount(call.cacheReadTokens)}</td>
              <td class="number">{formatCount(call.cacheWriteTokens)}</td>
              <td
                class="number"
                title={
                  call.estimateMethod === undefined ? undefined : `method: ${call.estimateMethod}`
                }
              >
                {formatCount(call.estimatedInputTokens)}
                {call.estimateError !== undefined && (
                  <span class="muted"> ({signed(call.estimateError)})</span>
                )}
              </td>
              <td class="number">
                {call.latencyMs === undefined ? '–' : formatLatency(call.latencyMs)}
              </td>
              <td class="number">{call.cost === undefined ? '–' : formatCost(call.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function signed(value: number): string {
  return value > 0 ? `+${formatCount(value)}` : formatCount(value);
}
