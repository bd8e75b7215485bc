import type { ServerWritableStream } from '@grpc/grpc-js';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { compileFilter } from './filter-matching';
import type { EmulatorStatus } from './grpc-errors';
import type { LogStore } from './log-store';
import { readEventResponse } from './proto-mapping';

/** A running `$all` subscription the emulator can end on demand. */
export interface ActiveSubscription {
  drop(status: EmulatorStatus): void;
}

/** The subscriptions currently running, so that tests can drop them. */
export interface SubscriptionRegistry {
  running: Set<ActiveSubscription>;
  /** Drops planned for subscriptions still to start: each ends one after so many events. */
  plannedDrops: Array<{ afterEvents: number; status: EmulatorStatus }>;
}

/** EventStoreDB's default search window (`DefaultReadBatchSize`) when the filter sets none. */
const DEFAULT_MAX_SEARCH_WINDOW = 32;
/** Records considered per turn of the event loop, so appends interleave with a catch-up. */
export const DEFAULT_RECORDS_PER_TURN = 256;
/**
 * Responses queued in the call before the catch-up waits for the client to read (the server's
 * channels are bounded too). Generous, so that a catch-up outruns appends as a real one does.
 */
const MAX_QUEUED_RESPONSES = 4096;
const AllCase = ReadReq.Options.AllOptions.AllOptionCase;

/**
 * A `$all` subscription as EventStoreDB's `AllSubscription`/`AllSubscriptionFiltered` runs it:
 * a confirmation; a catch-up from after the start position (exclusive); a checkpoint at the
 * end of a filtered catch-up and every `checkpointIntervalMultiplier × maxSearchWindow`
 * considered records; `CaughtUp` when the log's end is reached; then live records. The catch-up
 * reads the log a page per event-loop turn, so concurrent appends land during it, and it turns
 * into the live phase without a gap or a duplicate because both walk one cursor over one log.
 */
export function runSubscription(
  call: ServerWritableStream<ReadReq, ReadResp>,
  store: LogStore,
  registry: SubscriptionRegistry,
  all: ReadReq.Options.AllOptions,
  filter: ReadReq.Options.FilterOptions | undefined,
  recordsPerTurn: number,
): void {
  const matches = compileFilter(filter);
  const checkpointInterval =
    filter === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(1, filter.getCheckpointintervalmultiplier()) *
        (filter.hasMax() ? filter.getMax() : DEFAULT_MAX_SEARCH_WINDOW);
  const records = store.records;
  const lastPosition = records[records.length - 1]?.position;
  const start = startPosition(all, lastPosition);
  let cursor = start === undefined ? 0 : records.findIndex((record) => record.position > start);
  if (cursor < 0) cursor = records.length;
  let lastConsidered = start;
  let lastCheckpoint: number | undefined;
  let considered = 0;
  let live = false;
  let stopped = false;
  let scheduled = false;
  let waitingForDrain = false;
  const plannedDrop = registry.plannedDrops.shift();
  let eventsSent = 0;

  const stop = (): void => {
    stopped = true;
    unsubscribe();
    registry.running.delete(subscription);
  };
  const subscription: ActiveSubscription = {
    drop: (status) => {
      if (stopped) return;
      stop();
      call.emit('error', status);
    },
  };
  const schedule = (): void => {
    if (scheduled || stopped || waitingForDrain) return;
    scheduled = true;
    setImmediate(pump);
  };
  const sendCheckpoint = (position: number): void => {
    if (lastCheckpoint !== undefined && position <= lastCheckpoint) return;
    lastCheckpoint = position;
    const checkpoint = new ReadResp.Checkpoint()
      .setCommitPosition(String(position))
      .setPreparePosition(String(position));
    call.write(new ReadResp().setCheckpoint(checkpoint));
  };
  const pump = (): void => {
    scheduled = false;
    if (stopped) return;
    const writable = (): boolean => call.writableLength < MAX_QUEUED_RESPONSES;
    for (let turn = 0; turn < recordsPerTurn && cursor < records.length && writable(); turn++) {
      const record = records[cursor];
      cursor += 1;
      if (record === undefined) break;
      considered += 1;
      lastConsidered = record.position;
      if (matches(record)) {
        call.write(readEventResponse(record));
        eventsSent += 1;
        if (eventsSent === plannedDrop?.afterEvents) {
          subscription.drop(plannedDrop.status);
          return;
        }
      }
      if (considered >= checkpointInterval) {
        considered = 0;
        sendCheckpoint(record.position);
      }
    }
    if (!writable()) {
      waitingForDrain = true;
      call.once('drain', () => {
        waitingForDrain = false;
        schedule();
      });
      return;
    }
    if (cursor < records.length) {
      schedule();
      return;
    }
    if (!live) {
      live = true;
      const caughtUpAtStart = start !== undefined && lastConsidered === start;
      if (filter !== undefined && lastConsidered !== undefined && !caughtUpAtStart) {
        sendCheckpoint(lastConsidered);
      }
      call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
    }
  };

  const unsubscribe = store.onWrite(schedule);
  registry.running.add(subscription);
  call.on('cancelled', stop);
  call.write(
    new ReadResp().setConfirmation(
      new ReadResp.SubscriptionConfirmation().setSubscriptionId(crypto.randomUUID()),
    ),
  );
  schedule();
}

/** The exclusive start: `undefined` for the start of the log, the head for `end`. */
function startPosition(
  all: ReadReq.Options.AllOptions,
  lastPosition: number | undefined,
): number | undefined {
  switch (all.getAllOptionCase()) {
    case AllCase.POSITION:
      return Number(all.getPosition()?.getCommitPosition() ?? 0);
    case AllCase.END:
      return lastPosition;
    case AllCase.START:
    case AllCase.ALL_OPTION_NOT_SET:
      return undefined;
  }
}
