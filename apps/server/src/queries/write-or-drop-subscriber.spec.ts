import { Writable } from 'node:stream';
import { writeOrDropSubscriber } from './write-or-drop-subscriber';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** A subscriber that never reads: every write stays buffered. */
function stalledSubscriber(): Writable {
  return new Writable({ highWaterMark: 16, write: () => undefined });
}

describe('writeOrDropSubscriber', () => {
  it('writes the buffers of one call together, in order', () => {
    const written: string[] = [];
    const stream = new Writable({
      writev: (chunks, done) => {
        written.push(chunks.map(({ chunk }) => String(chunk)).join('|'));
        done();
      },
    });
    writeOrDropSubscriber(stream, [bytes('one'), bytes('two'), bytes('three')]);
    writeOrDropSubscriber(stream, [bytes('four'), bytes('five')]);
    expect(written).toEqual(['one|two|three', 'four|five']);
  });

  it('writes while the subscriber leaves at most the limit unread', () => {
    const stream = stalledSubscriber();
    expect(writeOrDropSubscriber(stream, [bytes('a'.repeat(60))], 100)).toBe(true);
    expect(writeOrDropSubscriber(stream, [bytes('b'.repeat(30)), bytes('c'.repeat(30))], 100)).toBe(
      true,
    );
    expect({ unread: stream.writableLength, destroyed: stream.destroyed }).toEqual({
      unread: 120,
      destroyed: false,
    });
  });

  it('closes a subscriber past the limit instead of buffering more, and writes nothing after', () => {
    const stream = stalledSubscriber();
    stream.on('error', () => undefined);
    writeOrDropSubscriber(stream, [bytes('a'.repeat(101))], 100);
    expect(writeOrDropSubscriber(stream, [bytes('b')], 100)).toBe(false);
    expect(stream.destroyed).toBe(true);
    expect(writeOrDropSubscriber(stream, [bytes('c')], 100)).toBe(false);
  });
});
