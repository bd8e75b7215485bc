import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { compress as snappyCompress, uncompress as snappyUncompress } from 'snappyjs';

/**
 * Texts (a message's JSON) shorter than this many UTF-8 bytes are stored as they are: below half
 * a kilobyte a row of JSON shrinks too little to be worth a step on every read.
 */
export const PACK_MIN_BYTES = 512;

/**
 * Texts of this many UTF-8 bytes or more are deflated; shorter ones (from `PACK_MIN_BYTES`) are
 * packed with Snappy. Node's zlib costs tens of µs a call whatever the size (each call makes a
 * stream), which a long text's better ratio pays for; Snappy, in plain JavaScript, reads a short
 * one back in a few µs, a fraction of what reading its row costs anyway.
 */
export const DEFLATE_MIN_BYTES = 1024;

/** The first byte of a packed value: DEFLATE (raw, level 6) of the UTF-8 text after it. */
const DEFLATE_RAW_V1 = 0x01;
/** The first byte of a packed value: Snappy (raw block format) of the UTF-8 text after it. */
const SNAPPY_V1 = 0x02;

/**
 * What a damaged packed value reads back as: no JSON, so the row's checksum (which covers the
 * text) no longer matches and the reader reports the row damaged instead of failing in SQLite.
 */
export const UNREADABLE_PACKED_TEXT = '\u0003unreadable packed text';

/**
 * How a text column of the read models is stored (`rm_messages.message`, `recorded`,
 * `export_entry`): a short text as SQLite `TEXT`; a longer one as a `BLOB` whose first byte names
 * the encoding (`0x01`: raw DEFLATE, from `DEFLATE_MIN_BYTES`; `0x02`: Snappy, below it), when that
 * is smaller. A row of 1–3 KB of JSON takes about a third of its bytes so. `null` stays `null`.
 */
export function packText(text: string | null): string | Buffer | null {
  if (text === null || text.length < PACK_MIN_BYTES / 3) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length < PACK_MIN_BYTES) return text;
  const deflate = bytes.length >= DEFLATE_MIN_BYTES;
  const packed = deflate ? deflateRawSync(bytes) : snappyCompress(bytes);
  if (packed.length + 1 >= bytes.length) return text;
  return Buffer.concat([Buffer.of(deflate ? DEFLATE_RAW_V1 : SNAPPY_V1), packed]);
}

/**
 * The text {@link packText} stored: a `TEXT` value as it is, a packed `BLOB` unpacked.
 * A `BLOB` that is not one is read as {@link UNREADABLE_PACKED_TEXT}.
 */
export function unpackText(value: unknown): string | null {
  if (value === null || typeof value === 'string') return value;
  if (!Buffer.isBuffer(value)) return UNREADABLE_PACKED_TEXT;
  try {
    const encoding = value[0];
    if (encoding === DEFLATE_RAW_V1) return inflateRawSync(value.subarray(1)).toString('utf8');
    // Bounded: a damaged length header must not make it allocate more than it ever packs.
    if (encoding === SNAPPY_V1) {
      return snappyUncompress(value.subarray(1), DEFLATE_MIN_BYTES).toString('utf8');
    }
    return UNREADABLE_PACKED_TEXT;
  } catch {
    return UNREADABLE_PACKED_TEXT;
  }
}
