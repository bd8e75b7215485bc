import { Writable } from 'node:stream';
import { writeOrDropSubscriber } from './write-or-drop-subscriber';

/** A subscriber that never reads: every write stays buffered. */
function stalledSubscriber(): Writable {
  return new Writable({ highWaterMark: 16, write: () => undefined });
}

describe('writeOrDropSubscriber', () => {
  it('writes while the subscriber leaves at most the limit unread', () => {
    const stream = stalledSubscriber();
    expect(writeOrDropSubscriber(stream, 'a'.repeat(60), 100)).toBe(true);
    expect(writeOrDropSubscriber(stream, 'b'.repeat(60), 100)).toBe(true);
    expect({ unread: stream.writableLength, destroyed: stream.destroyed }).toEqual({
      unread: 120,
      destroyed: false,
    });
  });

  it('closes a subscriber past the limit instead of buffering more, and writes nothing after', () => {
    const stream = stalledSubscriber();
    stream.on('error', () => undefined);
    writeOrDropSubscriber(stream, 'a'.repeat(101), 100);
    expect(writeOrDropSubscriber(stream, 'b', 100)).toBe(false);
    expect(stream.destroyed).toBe(true);
    expect(writeOrDropSubscriber(stream, 'c', 100)).toBe(false);
  });
});
