import { createHash } from 'node:crypto';

/**
 * An id (message, tool call, session…) under a redaction: as it is when `redactText` leaves it
 * alone, else `[REDACTED:<12 hex digits of its SHA-256>]`. The placeholder is the same wherever
 * the id appears and in every answer, so the references of a view (a result's `toolCallId`, a
 * `sourceMessageIds`, the next page) still line up, and two redacted ids stay two. 48 bits of a
 * hash reveal nothing of a random token; they would let someone who guesses a weak secret check
 * the guess.
 */
export function redactId(id: string, redactText: (text: string) => string): string {
  if (redactText(id) === id) return id;
  return `[REDACTED:${createHash('sha256').update(id).digest('hex').slice(0, 12)}]`;
}

/** Whether a property holds an id, or a list of ids: `id`, `toolCallId`, `sourceMessageIds`. */
export function isIdKey(key: string): boolean {
  return /^(?:id|ids)$|[a-z0-9](?:Id|Ids|_id|_ids)$/.test(key);
}

/** A URL other than a `data:` one (`https://…`, `s3://…`): text that can carry a credential. */
export function isNonDataUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}
