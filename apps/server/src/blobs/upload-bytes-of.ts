import type { Readable } from 'node:stream';

/** The chunks of an upload's request stream, checked to be bytes (`Uint8Array`s). */
export async function* uploadBytesOf(stream: Readable): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream as AsyncIterable<unknown>) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError('The request stream yielded no bytes.');
    yield chunk;
  }
}
