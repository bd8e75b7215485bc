/**
 * Regroups `source`'s bytes into chunks of exactly `chunkSize` bytes (the last one shorter, none
 * empty), holding at most one chunk in memory.
 */
export async function* rechunk(
  source: AsyncIterable<Uint8Array>,
  chunkSize: number,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + bytes.length >= chunkSize) {
      const take = chunkSize - pendingBytes;
      pending.push(bytes.subarray(0, take));
      yield Buffer.concat(pending, chunkSize);
      pending = [];
      pendingBytes = 0;
      bytes = bytes.subarray(take);
    }
    if (bytes.length > 0) {
      // A copy: the source may reuse its buffer once it is given back.
      pending.push(Buffer.from(bytes));
      pendingBytes += bytes.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
