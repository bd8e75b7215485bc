/**
 * JSON with object keys sorted at every level and `undefined` members left out: two values that
 * mean the same JSON serialize to the same string, whatever order their keys were written in.
 * Used for content fingerprints and request digests (on every append: one string built in place,
 * no intermediate arrays).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += canonicalJson(value[index]);
    }
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, as `<` does on strings.
    const keys = Object.keys(record).sort();
    let text = '{';
    for (const key of keys) {
      const entry = record[key];
      if (entry === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${canonicalJson(entry)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
