import { performance } from 'node:perf_hooks';

/** Work done in one timed run: how many units (appends, events) it handled. */
export type Work = () => Promise<number> | number;

/** Units per second of one run of `work`. */
export async function ratePerSecond(work: Work): Promise<number> {
  const started = performance.now();
  const units = await work();
  const seconds = (performance.now() - started) / 1000;
  return units / seconds;
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? sorted[middle]
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  if (value === undefined) throw new RangeError('median of an empty list');
  return value;
}
