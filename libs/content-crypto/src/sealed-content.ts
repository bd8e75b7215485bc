/**
 * The sealed part of a stored payload, version 1: the whole payload as UTF-8 JSON, encrypted with
 * AES-256-GCM under the data key `keyId`, a fresh random 96-bit `iv`, and the additional data of
 * `contentAad` (stream name, event id, event type), so that it opens only where it was written.
 * Binary fields are base64.
 */
export interface SealedContentV1 {
  v: 1;
  keyId: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/**
 * The sealed part of a stored payload, version 2 (written since; `sealPayload`): the payload's
 * JSON with the top-level fields stored in the clear beside it standing as `0`, encrypted with
 * AES-256-GCM under the data key `key`; `box` is the base64 of the 12-byte IV, the ciphertext and
 * the 16-byte tag. The additional data binds it to its stream, event id and type and to the
 * readable fields beside it.
 */
export interface SealedContentV2 {
  v: 2;
  key: string;
  box: string;
}

/** A stored sealed part, of either version. */
export type SealedContent = SealedContentV1 | SealedContentV2;

/** True when `data` is a stored payload with a `sealed` part (of any version). */
export function hasSealedPart(data: unknown): data is { sealed: unknown } {
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    'sealed' in data &&
    typeof data.sealed === 'object' &&
    data.sealed !== null
  );
}

/** The `SealedContent` in `value`, or `undefined` when it is not one of a known version. */
export function asSealedContent(value: unknown): SealedContent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (record.v === 2) {
    const { key, box } = record;
    return typeof key === 'string' && typeof box === 'string' ? { v: 2, key, box } : undefined;
  }
  if (record.v !== 1) return undefined;
  const { keyId, iv, ciphertext, tag } = record;
  if (
    typeof keyId !== 'string' ||
    typeof iv !== 'string' ||
    typeof ciphertext !== 'string' ||
    typeof tag !== 'string'
  ) {
    return undefined;
  }
  return { v: 1, keyId, iv, ciphertext, tag };
}
