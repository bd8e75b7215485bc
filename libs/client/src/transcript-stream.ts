import type { TranscriptStreamEvent } from './contract/queries';
import { LedgerError } from './ledger-error';
import { readServerSentEvents } from './read-server-sent-events';
import type { Transport } from './transport';

/** Where a live transcript starts, and how it ends. */
export interface TranscriptStreamOptions {
  /**
   * First send what was added or changed after this revision (default: the session's revision
   * when the iteration starts, so only what comes next, and nothing written before the first
   * event is lost to a dropped connection).
   */
  afterRevision?: number;
  /** Stops the stream (the iterator then ends). */
  signal?: AbortSignal;
  /** Wait before reconnecting after the connection dropped (default 1000 ms). */
  reconnectDelayMs?: number;
}

/**
 * The live transcript (`GET …/transcript/stream`) as an async iterator. When the connection
 * drops, it reconnects with `Last-Event-ID` set to the last revision it delivered, so the server
 * sends what was missed and nothing twice (an entry a pruning changed comes again, as on a
 * single connection: upsert by `message.id`). A `LedgerError` (the session does not exist) ends it.
 *
 * Without `afterRevision`, it first reads the session's current revision (`currentRevision`) and
 * asks for what comes after it: a connection that drops before its first event then resumes from
 * there, where "only what comes next" of a new connection would skip what was written meanwhile.
 */
export async function* followTranscript(
  transport: Transport,
  path: string,
  options: TranscriptStreamOptions,
  currentRevision: () => Promise<number>,
  sleep: (ms: number) => Promise<void>,
): AsyncGenerator<TranscriptStreamEvent> {
  let lastEventId: string | undefined;
  const signal = options.signal;
  if (isAborted(signal)) return;
  const afterRevision = options.afterRevision ?? (await currentRevision());
  while (!isAborted(signal)) {
    try {
      const response = await transport.send({
        method: 'GET',
        path,
        query: lastEventId === undefined ? { afterRevision } : {},
        headers: {
          accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        },
        ...(signal === undefined ? {} : { signal }),
      });
      if (response.body === null) throw new Error('the stream answered no body');
      for await (const event of readServerSentEvents(response.body)) {
        if (event.event !== 'entry') continue;
        if (event.id !== undefined) lastEventId = event.id;
        yield JSON.parse(event.data) as TranscriptStreamEvent;
      }
    } catch (error) {
      if (isAborted(signal)) return;
      if (error instanceof LedgerError) throw error;
    }
    if (isAborted(signal)) return;
    await sleep(options.reconnectDelayMs ?? 1000);
  }
}

// A function, so the compiler does not narrow `signal.aborted` across the awaits above.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
