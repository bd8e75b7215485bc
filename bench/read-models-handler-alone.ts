/**
 * The search and analytics handler measured alone: the rebuild log's events read and parsed
 * beforehand (as the runner parses them), then fed straight to `RecordedMessagesHandler` in
 * transactions of 2,000 events, as the runner's batches are. CPU µs per event of the log, median
 * of the rounds: what the handler costs without the rest of a rebuild around it (the heap, the
 * page cache and the WAL the other handlers share with it).
 */
import { parseSessionLogEvent, type SessionLogEvent } from '@agent-ledger/events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventStore } from '@agent-ledger/event-store';
import {
  openReadModelDatabase,
  RecordedMessagesHandler,
  SessionViewsHandler,
  SESSION_STREAMS_FILTER,
} from '@agent-ledger/read-models';
import { median } from './measure';

const BATCH = 2_000;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export async function measureHandlerAlone(
  store: EventStore,
  dir: string,
  rounds: number,
): Promise<{ events: number; cpuMicrosPerEvent: number }> {
  const recorded = [];
  for await (const event of store.readAll({ filter: SESSION_STREAMS_FILTER })) {
    if (event.position >= 0) recorded.push(event);
  }
  const perEvent: number[] = [];
  // One round more than asked, the first to warm the code up (not counted).
  for (let round = 0; round <= rounds; round += 1) {
    // Fresh objects each round, as a rebuild parses them.
    const events: SessionLogEvent[] = [];
    for (const event of recorded) {
      const parsed = parseSessionLogEvent(event);
      if (!parsed.ok) continue;
      events.push(parsed.event);
    }
    const file = path.join(dir, 'handler-alone.sqlite');
    const db = openReadModelDatabase(file);
    // The session views' tables, which the handler reads a message from when its id is taken
    // (empty here: the events' ids are all new, as in most sessions).
    new SessionViewsHandler(db).setUp();
    const handler = new RecordedMessagesHandler(db);
    handler.setUp();
    collectGarbage();
    const started = process.cpuUsage();
    for (let start = 0; start < events.length; start += BATCH) {
      db.transaction(() => {
        for (const event of events.slice(start, start + BATCH)) handler.apply(event);
      })();
    }
    const used = process.cpuUsage(started);
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    if (round > 0) perEvent.push((used.user + used.system) / events.length);
  }
  return { events: recorded.length, cpuMicrosPerEvent: median(perEvent) };
}
