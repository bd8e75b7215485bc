import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventToAppend } from '@agent-ledger/event-store';
import { sampleEvent } from './sample-event';

/** The sizes of the event-store benchmark. */
export const SIZES = {
  rounds: 5,
  streams: 100,
  appends: { 1: 3000, 10: 2000 },
  peerAppends: 300,
  longStream: 20_000,
  otherEvents: 40_000,
} as const;

/** One line of the result table: a rate for the floor, the store and (when run) the peer. */
export interface Row {
  scenario: string;
  unit: string;
  floor: number;
  store: number;
  peer?: number;
}

/** An append of the workload: a stream and its events. */
export type Batch = [streamName: string, events: EventToAppend[]];

/** `appends` appends of `eventsPerAppend` sample events, round robin over the streams. */
export function batches(appends: number, eventsPerAppend: number): Batch[] {
  return Array.from({ length: appends }, (_, index) => {
    const streamName = `session-${index % SIZES.streams}`;
    const events = Array.from({ length: eventsPerAppend }, (_, offset) =>
      sampleEvent(streamName, index * eventsPerAppend + offset),
    );
    return [streamName, events];
  });
}

/**
 * The run's scratch folder (fresh database files) and its peer bookkeeping. emmett-sqlite 0.38.5
 * now and then fails an append with SQLITE_BUSY "cannot commit transaction - SQL statements in
 * progress" (its node-sqlite3 statements are not finalized before COMMIT), and logs it: a failed
 * peer run is redone from scratch, at most `peerTries` times, and counted.
 */
export class BenchContext {
  readonly peerTries = 3;
  peerFailures = 0;
  private readonly folder = mkdtempSync(join(tmpdir(), 'event-store-bench-'));
  private files = 0;

  newFile(): string {
    this.files += 1;
    return join(this.folder, `bench-${this.files}.sqlite`);
  }

  async withPeerRetries<T>(run: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; attempt <= this.peerTries; attempt += 1) {
      try {
        return await run();
      } catch {
        this.peerFailures += 1;
      }
    }
    return undefined;
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
