import { truncationMarker } from './truncation-marker';

/**
 * Keeps `limit` characters of `text`, half from the head and half from the tail, with a marker
 * between them that says how many characters were left out. Text within the limit is returned
 * unchanged.
 */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const headLength = Math.ceil(limit / 2);
  const tailLength = limit - headLength;
  const omitted = text.length - limit;
  return (
    text.slice(0, headLength) + truncationMarker(omitted) + text.slice(text.length - tailLength)
  );
}
