import { hash } from 'node:crypto';

/**
 * A digest of a message's JSON with object keys sorted and `undefined` members left out: two
 * messages have the same digest exactly when the events lib's `sameJson` says they are equal, so
 * a handler can recognize a retried append without keeping every message it has seen.
 */
export function messageDigest(value: object): string {
  // The runner hands every handler the same parsed event: each message is digested once.
  const known = digests.get(value);
  if (known !== undefined) return known;
  // One-shot `hash` rather than `createHash`: the hash object costs as much as the hashing here.
  const digest = hash('sha1', canonicalJson(value), 'base64');
  digests.set(value, digest);
  return digest;
}

const digests = new WeakMap<object, string>();

/** Built by concatenation, without the arrays of entries a `map`/`filter` chain allocates. */
function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let json = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) json += ',';
      json += canonicalJson(value[index]);
    }
    return `${json}]`;
  }
  const members = value as Record<string, unknown>;
  let json = '{';
  for (const key of Object.keys(members).sort()) {
    const member = members[key];
    if (member === undefined) continue;
    if (json.length > 1) json += ',';
    json += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${json}}`;
}
