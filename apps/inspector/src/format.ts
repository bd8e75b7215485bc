/** A count with thousands separators. */
export function formatCount(value: number | undefined): string {
  return value === undefined ? '–' : value.toLocaleString('en-US');
}

/** An ISO time as `2026-04-08 09:00:01` (UTC), short enough for a table. */
export function formatTime(iso: string | undefined): string {
  if (iso === undefined) return '–';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
}

/** Text cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Milliseconds as `840 ms` or `1.84 s`. */
export function formatLatency(milliseconds: number): string {
  return milliseconds < 1000
    ? `${Math.round(milliseconds)} ms`
    : `${(milliseconds / 1000).toFixed(2)} s`;
}

/** An amount in its currency, with the digits a small per-call cost needs (`$0.0042`). */
export function formatCost(cost: { amount: number; currency: string }): string {
  const digits = cost.amount !== 0 && cost.amount < 0.01 ? 4 : 2;
  try {
    return cost.amount.toLocaleString('en-US', {
      style: 'currency',
      currency: cost.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 6),
    });
  } catch {
    // Not an ISO 4217 code: the amount and the unit as recorded.
    return `${cost.amount} ${cost.currency}`;
  }
}
