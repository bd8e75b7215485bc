/**
 * The runner's read-ahead thread (`startReadAhead`): reads `$all` from where the runner tells it,
 * checks each event (`refuseSessionLogEvent`) and sends the subscription's messages on in chunks
 * that end where the runner commits a batch, as JSON (cheaper to read back than a structured
 * clone; an accepted event's payload as a text of its own, which the handlers then store as it
 * is, and a recorded message's search index text), at most `CHUNKS_AHEAD` chunks ahead of the
 * runner; it ends once caught up.
 */
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '@agent-ledger/event-store';
import { isMessageEventType } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { searchIndexText, searchTextOf } from '@agent-ledger/projections';
import { refuseSessionLogEvent } from './parse-session-log-event';
import { SESSION_STREAMS_FILTER } from './projection-runner';
import {
  READY,
  TAKEN,
  type ReadAheadChunk,
  type ReadAheadItem,
  type ReadAheadStart,
  type ReadAheadThreadData,
} from './read-ahead-protocol';

/** Chunks sent and not yet taken by the runner, at most. */
const CHUNKS_AHEAD = 3;

async function readAhead(
  data: ReadAheadThreadData,
  start: Promise<ReadAheadStart>,
  say: (chunk: ReadAheadChunk) => void,
): Promise<void> {
  // Opening a file that is not there would make an empty store, whose log would end at once.
  if (!existsSync(data.eventStorePath)) {
    throw new Error(`No event store at ${data.eventStorePath} to read ahead from.`);
  }
  const store = new SqliteEventStore({ path: data.eventStorePath });
  const shared = new Int32Array(data.shared);
  Atomics.store(shared, READY, 1);
  const { fromPosition } = await start;
  let sent = 0;
  let chunk: ReadAheadItem[] = [];
  let payloads: string[] = [];
  let indexTexts: ReadAheadChunk['indexTexts'] = [];
  let events = 0;
  const send = (): void => {
    // Wait (this thread has nothing else to do) until the runner has taken enough chunks.
    for (
      let seen = Atomics.load(shared, TAKEN);
      sent - seen >= CHUNKS_AHEAD;
      seen = Atomics.load(shared, TAKEN)
    ) {
      Atomics.wait(shared, TAKEN, seen, 1000);
    }
    say({ items: JSON.stringify(chunk), payloads, indexTexts });
    sent += 1;
    chunk = [];
    payloads = [];
    indexTexts = [];
    events = 0;
  };
  const subscription = store.subscribeToAll({
    fromPosition: fromPosition ?? 'start',
    filter: SESSION_STREAMS_FILTER,
    checkpointInterval: data.batchSize,
  });
  try {
    for await (const message of subscription) {
      switch (message.kind) {
        case 'event': {
          const refusal = refuseSessionLogEvent(message.event);
          if (refusal === undefined) {
            // Checked (and as the schema left it): its text goes apart, for the handlers to store.
            payloads.push(JSON.stringify(message.event.data));
            // A recorded message's search index text, a pure function of it, is made here too.
            indexTexts.push(
              isMessageEventType(message.event.type)
                ? searchIndexText(searchTextOf(message.event.data as RuntimeMessage))
                : null,
            );
            chunk.push({ ...message, event: { ...message.event, data: null } });
          } else {
            chunk.push({ ...message, refusal });
          }
          events += 1;
          if (events >= data.batchSize) send();
          break;
        }
        case 'checkpoint':
          chunk.push(message);
          send();
          break;
        case 'caughtUp':
          chunk.push(message);
          send();
          return;
        default: {
          const unreachable: never = message;
          throw new Error(`Unknown subscription message ${JSON.stringify(unreachable)}`);
        }
      }
    }
  } finally {
    await subscription.close();
    await store.close();
  }
}

const port = parentPort;
if (port !== null) {
  const start = new Promise<ReadAheadStart>((resolve) =>
    port.once('message', (message: ReadAheadStart) => resolve(message)),
  );
  readAhead(workerData as ReadAheadThreadData, start, (reply) => port.postMessage(reply)).catch(
    (error: unknown) => {
      // Thrown outside the promise, it ends the thread with an 'error' event, which the runner
      // takes as its subscription failing.
      setImmediate(() => {
        throw error;
      });
    },
  );
}
