/**
 * The sessions of a `verify`, handed out one at a time to whichever thread asks first: a counter
 * in shared memory, so the threads take turns on one list without messages, and a thread that
 * starts late (or verifies long sessions) simply takes fewer.
 */
export class SessionClaims {
  private readonly next: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.next = new Int32Array(buffer);
  }

  /** The memory the threads share. */
  get buffer(): SharedArrayBuffer {
    return this.next.buffer as SharedArrayBuffer;
  }

  /** The index of a session (of `count`) no thread has taken yet, or `undefined` when none is left. */
  claim(count: number): number | undefined {
    const index = Atomics.add(this.next, 0, 1);
    return index < count ? index : undefined;
  }
}
