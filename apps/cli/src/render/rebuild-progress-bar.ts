import { SingleBar } from 'cli-progress';
import type { RebuildProgress } from '@agent-ledger/read-models';

/** Receives a rebuild's progress after every batch; `stop` ends the display. */
export interface ProgressDisplay {
  update(progress: RebuildProgress): void;
  stop(): void;
}

/**
 * A progress bar for `rebuild` on a terminal: how far through `$all` (by position), events
 * processed, their rate, and the ETA. Without a terminal (`undefined`: output piped or
 * redirected) it shows nothing, so logs and pipes get only the final line.
 */
export function rebuildProgressBar(
  terminal: NodeJS.WriteStream | undefined,
  clock: () => number,
): ProgressDisplay {
  if (terminal === undefined) return { update: () => undefined, stop: () => undefined };
  const startedAt = clock();
  const bar = new SingleBar({
    stream: terminal,
    format:
      'Rebuilding read models [{bar}] {percentage}% | {events} events | {rate} events/s | ETA {eta_formatted}',
    barsize: 30,
    hideCursor: true,
    etaBuffer: 50,
    fps: 10,
  });
  let started = false;
  return {
    update: (progress) => {
      const total = progress.headPosition ?? 0;
      const seconds = Math.max((clock() - startedAt) / 1000, 1e-3);
      const payload = {
        events: progress.processedEvents.toLocaleString('en-US'),
        rate: Math.round(progress.processedEvents / seconds).toLocaleString('en-US'),
      };
      if (!started) {
        bar.start(total, 0, payload);
        started = true;
      }
      bar.update(Math.min(progress.position ?? 0, total), payload);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
