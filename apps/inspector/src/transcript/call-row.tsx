import { formatCost, formatCount, formatLatency, formatTime } from '../format';
import type { ModelCall } from '../model/session-timeline';
import { ShortId } from '../short-id';

/**
 * A recorded model call in the tree: the model, the tokens it reported (in, out, read from and
 * written to the provider's cache, reasoning), the ledger's count of its context beside the
 * reported input, its latency and cost where the call recorded them, how it finished, and the
 * context it saw (its revision), which opens in Time travel.
 */
export function CallRow(props: {
  call: ModelCall;
  depth: number;
  later: boolean;
  current: boolean;
  onOpen: (callNumber: number) => void;
}) {
  const { call } = props;
  const seen = call.contextRevision ?? call.revision - 1;
  return (
    <div
      class={`call-row${props.later ? ' later' : ''}${props.current ? ' current' : ''}`}
      style={{ '--depth': String(props.depth) }}
      role="group"
      aria-label={`Model call ${call.number}`}
    >
      <span class="call-title">
        <span class="call-glyph" aria-hidden="true">
          ◆
        </span>
        Model call {call.number}
      </span>
      {call.modelId !== undefined && <span class="call-model">{call.modelId}</span>}
      {call.agentName !== undefined && <span class="agent">{call.agentName}</span>}
      <span class="metrics">
        <span class="metric" title="input tokens">
          {formatCount(call.inputTokens)} in
        </span>
        <span class="metric" title="output tokens">
          {formatCount(call.outputTokens)} out
        </span>
        {call.cachedInputTokens !== undefined && call.cachedInputTokens > 0 && (
          <span class="metric" title="input tokens read from the provider's cache">
            {formatCount(call.cachedInputTokens)} cached
          </span>
        )}
        {call.cacheWriteTokens !== undefined && call.cacheWriteTokens > 0 && (
          <span class="metric" title="input tokens written to the provider's cache">
            {formatCount(call.cacheWriteTokens)} cache write
          </span>
        )}
        {call.estimatedInputTokens !== undefined && (
          <span
            class="metric"
            title="the ledger's count of the context the call was sent, beside the input the provider reported"
          >
            {formatCount(call.estimatedInputTokens)} counted
          </span>
        )}
        {call.reasoningTokens !== undefined && call.reasoningTokens > 0 && (
          <span class="metric" title="reasoning tokens">
            {formatCount(call.reasoningTokens)} reasoning
          </span>
        )}
        {call.latencyMs !== undefined && (
          <span class="metric" title="latency, as the runtime measured it">
            {formatLatency(call.latencyMs)}
          </span>
        )}
        {call.cost !== undefined && (
          <span class="metric" title="cost, as the provider or the runtime reported it">
            {formatCost(call.cost)}
          </span>
        )}
        {call.finishReason !== undefined && (
          <span class="metric" title="finish reason">
            {call.finishReason}
          </span>
        )}
      </span>
      <button type="button" class="link" onClick={() => props.onOpen(call.number)}>
        Context it saw (revision {seen})
      </button>
      {props.later && <span class="badge later-badge">recorded later</span>}
      <span class="call-id muted">
        <ShortId id={call.callId} />
        {call.recordedAt !== undefined && ` · ${formatTime(call.recordedAt)}`}
      </span>
    </div>
  );
}

/** Where the time-travel point is in the tree. */
export function PointRow({ revision }: { revision: number }) {
  return (
    <div class="time-point" role="note" aria-label="Time-travel point">
      <span>
        Time travel: <strong>revision {revision}</strong>
      </span>
      <span class="muted">above: recorded by then · below: recorded later</span>
    </div>
  );
}
