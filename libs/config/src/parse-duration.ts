/** Milliseconds per unit of a duration: seconds, minutes, hours, days, weeks. */
const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** The shape `parseDuration` accepts, for error messages and validation. */
export const DURATION_PATTERN = /^([1-9]\d{0,8})(s|m|h|d|w)$/;

/**
 * A duration such as `30d`, `12h`, `90m` or `2s` (a positive whole number and one unit: s, m, h,
 * d, w) in milliseconds; `undefined` for anything else.
 */
export function parseDuration(text: string): number | undefined {
  const match = DURATION_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, amount, unit] = match;
  const perUnit = UNIT_MS[unit ?? ''];
  return perUnit === undefined ? undefined : Number(amount) * perUnit;
}
