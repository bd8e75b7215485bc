import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexText, searchTextOf } from '@agent-ledger/projections';
import { writeOwnJson } from '../database/own-json';

/** What the read-ahead thread derived from an event's payload and sent with it. */
export interface SentWithPayload {
  /** `JSON.stringify` of the payload: the text the payload was parsed from. */
  json: string;
  /** For a recorded message, `searchIndexText(searchTextOf(message))`. */
  indexText?: { terms: string; parts: string } | undefined;
}

/** Payloads read back from the read-ahead thread, with what it sent for them. */
const sent = new WeakMap<object, SentWithPayload>();

/**
 * Remembers what the read-ahead thread sent with `payload`, which was just parsed from
 * `sentWith.json`. Parsing `JSON.stringify`'s output and serializing the result again gives the
 * same text, and the index text is a pure function of the message, so the handlers can use what
 * the thread made instead of deriving it again on the runner's thread.
 */
export function rememberSent(payload: object, sentWith: SentWithPayload): void {
  sent.set(payload, sentWith);
}

/**
 * `JSON.stringify` of a value that several handlers store as it is (a recorded message): the
 * text the read-ahead thread sent for it, or `writeOwnJson`'s (serialized once per value). The
 * value must not be changed after it was parsed or first written.
 */
export function storedJsonOf(value: object): string {
  return sent.get(value)?.json ?? writeOwnJson(value);
}

/** `searchIndexText(searchTextOf(message))`, as the read-ahead thread sent it or computed here. */
export function indexTextOf(message: RuntimeMessage): { terms: string; parts: string } {
  return sent.get(message)?.indexText ?? searchIndexText(searchTextOf(message));
}
