const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Longer ids than this are cut in the middle once their UUIDs are short. */
const MAX_CHARS = 24;

/**
 * A short readable label for an id: each UUID in it cut to its first 8 characters (so
 * `<uuid>:2.1`, an AI SDK step's message, keeps its `:2.1`), then an id still longer than 24
 * characters cut in the middle. A short id is its own label. The full id belongs in a title.
 */
export function shortLabel(id: string): string {
  const shorter = id.replace(UUID, (uuid) => `${uuid.slice(0, 8)}…`);
  if (shorter.length <= MAX_CHARS) return shorter;
  return `${shorter.slice(0, 12)}…${shorter.slice(-8)}`;
}
