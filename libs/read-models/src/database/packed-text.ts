import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Texts (a message's JSON) shorter than this many UTF-8 bytes are stored as they are: node's zlib
 * costs tens of µs a call whatever the size (each call makes a stream), and below a kilobyte a
 * row of JSON shrinks too little to be worth it.
 */
export const PACK_MIN_BYTES = 512;

/** The first byte of a packed value: DEFLATE (raw, level 6) of the UTF-8 text after it. */
const DEFLATE_RAW_V1 = 0x01;

/**
 * What a damaged packed value reads back as: no JSON, so the row's checksum (which covers the
 * text) no longer matches and the reader reports the row damaged instead of failing in SQLite.
 */
export const UNREADABLE_PACKED_TEXT = '\u0003unreadable packed text';

/**
 * How a text column of the read models is stored (`rm_messages.message`, `recorded`,
 * `export_entry`): a short text as SQLite `TEXT`; a long one as a `BLOB` whose first byte names
 * the encoding (`0x01`: raw DEFLATE), when that is smaller. A row of 1–3 KB of JSON takes about
 * a third of its bytes so. `null` stays `null`.
 */
export function packText(text: string | null): string | Buffer | null {
  if (text === null || text.length < PACK_MIN_BYTES / 3) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length < PACK_MIN_BYTES) return text;
  const deflated = deflateRawSync(bytes);
  if (deflated.length + 1 >= bytes.length) return text;
  return Buffer.concat([Buffer.of(DEFLATE_RAW_V1), deflated]);
}

/**
 * The text {@link packText} stored: a `TEXT` value as it is, a packed `BLOB` inflated.
 * A `BLOB` that is not one is read as {@link UNREADABLE_PACKED_TEXT}.
 */
export function unpackText(value: unknown): string | null {
  if (value === null || typeof value === 'string') return value;
  if (!Buffer.isBuffer(value) || value[0] !== DEFLATE_RAW_V1) return UNREADABLE_PACKED_TEXT;
  try {
    return inflateRawSync(value.subarray(1)).toString('utf8');
  } catch {
    return UNREADABLE_PACKED_TEXT;
  }
}
