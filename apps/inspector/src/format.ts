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
