import { writeOwnJson } from '../database/own-json';

/** Payloads read back from the read-ahead thread's JSON, with that very JSON. */
const sent = new WeakMap<object, string>();

/**
 * Remembers `json` as the JSON of `payload`, which was just parsed from it. The read-ahead thread
 * sends each accepted event's payload as `JSON.stringify` of it: parsing that text and
 * serializing the result again gives the same text (a round trip of `JSON.stringify`'s output
 * is exact), so the handlers can store the text the thread made instead of serializing the
 * payload again on the runner's thread.
 */
export function rememberSentJson(payload: object, json: string): void {
  sent.set(payload, json);
}

/**
 * `JSON.stringify` of a value that several handlers store as it is (a recorded message): the
 * text the read-ahead thread sent for it, or `writeOwnJson`'s (serialized once per value). The
 * value must not be changed after it was parsed or first written.
 */
export function storedJsonOf(value: object): string {
  return sent.get(value) ?? writeOwnJson(value);
}
