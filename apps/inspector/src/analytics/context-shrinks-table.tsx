import type { ContextShrinkFigures } from '@agent-ledger/client';
import { formatCount } from '../format';

/**
 * Each pruning and compaction of the session: the tokens it shed from every later call, what
 * that saved over the calls after it, the cached prefix the provider had to write again, and the
 * net cost after cache effects, said plainly: net cheaper (it paid for itself) or net dearer.
 */
export function ContextShrinksTable({ shrinks }: { shrinks: readonly ContextShrinkFigures[] }) {
  return (
    <div
      class="table-scroll"
      role="region"
      tabIndex={0}
      aria-label="Prunings and compactions, net cost"
    >
      <table class="analytics-table">
        <caption>
          Each pruning and compaction: tokens shed against the net cost after cache effects (in
          plain input tokens)
        </caption>
        <thead>
          <tr>
            <th scope="col">Shrink</th>
            <th scope="col">Verdict</th>
            <th scope="col" class="number">
              Tokens shed
            </th>
            <th scope="col" class="number">
              Net cost
            </th>
            <th scope="col" class="number">
              Saved
            </th>
            <th scope="col" class="number">
              Cache written again
            </th>
          </tr>
        </thead>
        <tbody>
          {shrinks.map((shrink) => (
            <tr
              key={`${shrink.kind}-${shrink.revision}`}
              aria-label={`${shrink.kind} at revision ${shrink.revision}`}
            >
              <th scope="row">
                {shrink.kind}
                <br />
                <span class="muted">revision {shrink.revision}</span>
              </th>
              <td>
                <Verdict shrink={shrink} />
              </td>
              <td class="number">{formatCount(shrink.tokensShed)}</td>
              <td class="number">{formatCount(shrink.cache?.netCost)}</td>
              <td class="number">
                {formatCount(shrink.tokensSaved)}
                <br />
                <span class="muted">
                  over {shrink.callsAfter} call{shrink.callsAfter === 1 ? '' : 's'}
                </span>
              </td>
              <td class="number">{formatCount(shrink.cache?.rebilledTokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Verdict({ shrink }: { shrink: ContextShrinkFigures }) {
  const cache = shrink.cache;
  if (cache === undefined) return <span class="muted">no cache figures reported</span>;
  if (cache.netCost < 0)
    return (
      <span class="verdict-cheaper">
        <strong>net cheaper</strong>
      </span>
    );
  if (cache.netCost > 0)
    return (
      <span class="verdict-dearer">
        <strong>net dearer</strong>
        {cache.breakEvenCalls !== undefined && (
          <>
            <br />
            <span class="muted">pays back after {formatCount(cache.breakEvenCalls)} calls</span>
          </>
        )}
      </span>
    );
  return <span>even</span>;
}
