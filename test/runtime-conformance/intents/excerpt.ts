/** `text` around `index` (`radius` characters each side), on one line, for a failure message. */
export function excerpt(text: string, index: number, radius = 160): string {
  const start = Math.max(0, index - radius);
  const end = Math.min(text.length, index + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
