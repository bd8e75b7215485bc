import { createCipheriv, createDecipheriv, type KeyObject } from 'node:crypto';
import type { SealedContentV2 } from './sealed-content';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What {@link sealPayload} seals, and with what. */
export interface SealPayloadInput {
  /** The plain payload, checked against its schema (a JSON object). */
  payload: Record<string, unknown>;
  /** The fields stored in the clear beside the sealed part (`ContentPolicy.readableFields`). */
  readable: Record<string, unknown>;
  keyId: string;
  key: Buffer | KeyObject;
  /** 12 bytes, never used twice with one key (drawn at random by the caller for every seal). */
  iv: Buffer;
  /** Binds the sealed part to its stream, event id and type (`contentAad`). */
  aad: Buffer;
}

/**
 * Seals a payload in the compact version 2 form: the plaintext is the payload's JSON in which each
 * top-level field stored in the clear with the same value stands as `0` (in its place, so the
 * order of the fields is kept), and the readable part's JSON is authenticated as additional data,
 * so that a changed readable field fails to open as a changed ciphertext does. The IV,
 * ciphertext and tag are one base64 string. A sealed event is then its readable fields plus the
 * base64 of what is not readable, not of the whole payload again (most events were twice the
 * bytes of the plain ones; the bytes written, more than the cipher, were what sealing cost).
 * `undefined` when the payload holds a `0` where its readable part holds another value (the
 * stand-in would be ambiguous): the caller seals it whole (version 1) instead.
 */
export function sealPayload(input: SealPayloadInput): SealedContentV2 | undefined {
  const { payload, readable } = input;
  // An object literal, not `Object.create(null)`: one of no prototype is kept as a dictionary,
  // which made the copy and its serialization cost twice as much. A field named `__proto__` (as
  // a stored payload may have) is defined, not assigned, so it stays a field like any other.
  const body: Record<string, unknown> = {};
  for (const field in payload) {
    if (!Object.hasOwn(payload, field)) continue;
    const value = payload[field];
    const isReadable = Object.hasOwn(readable, field);
    let stored = value;
    if (isReadable && readable[field] === value && value !== undefined) {
      stored = 0;
    } else if (isReadable && value === 0) {
      return undefined;
    }
    if (field === '__proto__') {
      Object.defineProperty(body, field, { value: stored, enumerable: true, writable: true });
    } else {
      body[field] = stored;
    }
  }
  const plaintext = Buffer.from(JSON.stringify(body), 'utf8');
  const cipher = createCipheriv('aes-256-gcm', input.key, input.iv);
  cipher.setAAD(readableAad(input.aad, readable));
  // One buffer for the IV, the ciphertext (as long as the plaintext: GCM is a stream mode) and the
  // tag, encoded once: no array of parts to concatenate.
  const box = Buffer.allocUnsafe(IV_BYTES + plaintext.length + TAG_BYTES);
  input.iv.copy(box, 0);
  let end = IV_BYTES + cipher.update(plaintext).copy(box, IV_BYTES);
  end += cipher.final().copy(box, end);
  cipher.getAuthTag().copy(box, end);
  return { v: 2, key: input.keyId, box: box.toString('base64') };
}

/**
 * The payload sealed by {@link sealPayload}, its stand-ins replaced by the values of `readable`
 * (the stored fields beside the sealed part, in their stored order); `undefined` when it does not
 * authenticate (a changed box or readable field, another key, stream, event or type).
 */
export function openPayload(
  sealed: SealedContentV2,
  readable: Record<string, unknown>,
  key: Buffer | KeyObject,
  aad: Buffer,
): Record<string, unknown> | undefined {
  const bytes = Buffer.from(sealed.box, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(readableAad(aad, readable));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plaintext = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const body: unknown = JSON.parse(plaintext);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const record = body as Record<string, unknown>;
    for (const [field, value] of Object.entries(record)) {
      if (value === 0 && Object.hasOwn(readable, field)) record[field] = readable[field];
    }
    return record;
  } catch {
    return undefined;
  }
}

/**
 * The additional data: the stream, event id and type (`contentAad`), a NUL and the readable
 * part's JSON, as stored (its order is the order the store gives back, so the reader's JSON is
 * the writer's). Written into one buffer.
 */
function readableAad(aad: Buffer, readable: Record<string, unknown>): Buffer {
  const json = JSON.stringify(readable);
  const bytes = Buffer.allocUnsafe(aad.length + 1 + Buffer.byteLength(json));
  aad.copy(bytes, 0);
  bytes[aad.length] = 0;
  bytes.write(json, aad.length + 1, 'utf8');
  return bytes;
}
