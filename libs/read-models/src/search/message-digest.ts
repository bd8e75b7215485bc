import { createHash } from 'node:crypto';

/**
 * A digest of a message's JSON with object keys sorted and `undefined` members left out: two
 * messages have the same digest exactly when the events lib's `sameJson` says they are equal, so
 * a handler can recognize a retried append without keeping every message it has seen.
 */
export function messageDigest(value: object): string {
  // The runner hands every handler the same parsed event: each message is digested once.
  const known = digests.get(value);
  if (known !== undefined) return known;
  const digest = createHash('sha1').update(canonicalJson(value)).digest('base64');
  digests.set(value, digest);
  return digest;
}

const digests = new WeakMap<object, string>();

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
