/**
 * Reads back JSON this package wrote into its own read-model tables, from values that had been
 * parsed and checked against the event schemas before they were stored. The read models are
 * derived data, never a trust boundary: anything written by someone else is rebuilt from the log.
 */
export function readOwnJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

const written = new WeakMap<object, string>();

/**
 * `JSON.stringify` of a value that several handlers store as it is (a recorded message): the
 * runner hands every handler the same parsed event, so the message is serialized once per event,
 * not once per handler. The value must not be changed after it was first written.
 */
export function writeOwnJson(value: object): string {
  const known = written.get(value);
  if (known !== undefined) return known;
  const json = JSON.stringify(value);
  written.set(value, json);
  return json;
}
