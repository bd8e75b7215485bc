import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long a streamed answer may keep the event loop before it lets the loop run: 10 ms, so that
 * eight long exports written at once still leave a health probe or a new connection its turn
 * within about a tenth of a second on an idle machine.
 */
export const BODY_SLICE_MS = 10;

/**
 * `body`'s chunks as they come, letting the event loop run (`setImmediate`) each time `sliceMs`
 * have passed since it last did. Without it, an answer read from synchronous sources (the
 * embedded store's rows, a blob's chunks) and written to a client that reads as fast as loopback
 * allows never waits for the socket: each write is taken at once, the stream asks for the next
 * chunk in the same turn, and a 60 MB export kept the loop for seconds, with `/health` and every
 * new connection waiting behind it.
 */
export async function* sharingTheLoop<T>(
  body: Iterable<T> | AsyncIterable<T>,
  sliceMs: number = BODY_SLICE_MS,
): AsyncGenerator<T> {
  let since = performance.now();
  for await (const chunk of body) {
    yield chunk;
    if (performance.now() - since >= sliceMs) {
      await nextTurn();
      since = performance.now();
    }
  }
}
