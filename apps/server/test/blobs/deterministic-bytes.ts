import { createCipheriv, createHash } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const PIECE = 1024 * 1024;

/**
 * Bytes `start`…`end - 1` of the endless stream named `seed` (AES-256-CTR over zeros: fast, and
 * any offset is computed without the bytes before it), in pieces of at most 1 MiB: a test
 * never holds a large blob in memory. `onPiece` sees each piece as it is yielded.
 */
export async function* deterministicBytes(
  seed: string,
  start: number,
  end: number,
  onPiece?: (piece: Buffer) => void,
): AsyncGenerator<Buffer> {
  const key = createHash('sha256').update(seed).digest();
  const block = Math.floor(start / 16);
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(block), 8);
  const cipher = createCipheriv('aes-256-ctr', key, iv);
  let skip = start - block * 16;
  const zeros = Buffer.alloc(PIECE);
  for (let offset = start; offset < end;) {
    const size = Math.min(PIECE, end - offset);
    const piece = cipher.update(zeros.subarray(0, size + skip)).subarray(skip);
    skip = 0;
    offset += piece.length;
    onPiece?.(piece);
    yield piece;
    // Give the event loop a turn, as a socket would.
    await Promise.resolve();
  }
}

/** SHA-256 (hex) of a stream of bytes. */
export async function sha256OfStream(source: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of source) hash.update(piece);
  return hash.digest('hex');
}

/** The answer to an upload: status and parsed JSON body. */
export interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** `PUT`s `source` as the body of `url`, streamed (chunked), with `headers`. */
export function upload(
  url: string,
  source: AsyncIterable<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (text += piece));
      response.on('end', () => {
        try {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    pipeline(Readable.from(source), request).catch(reject);
  });
}

/** `GET`s `url` and hashes the body as it arrives; the status and headers with it. */
export async function download(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; sha256: string }> {
  const response = await fetch(url, { headers });
  if (response.body === null) throw new Error('no body');
  const sha256 = await sha256OfStream(response.body);
  return { status: response.status, headers: response.headers, sha256 };
}

/** A blob of `size` bytes named `seed`, with `token` written at `offset`. */
export async function* withToken(
  seed: string,
  size: number,
  token: string,
  offset: number,
): AsyncGenerator<Uint8Array> {
  yield* deterministicBytes(seed, 0, offset);
  yield Buffer.from(token);
  yield* deterministicBytes(seed, offset + token.length, size);
}
