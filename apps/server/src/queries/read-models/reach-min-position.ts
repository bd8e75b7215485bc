import {
  PositionNotReachedError,
  ReadModelBehindError,
  type LiveProjections,
} from '@agent-ledger/read-models';

/**
 * Waits (at most `waitMs`) until the runner has processed `minPosition`, else fails with
 * `ReadModelBehind` (503). A `minPosition` past the log's last position is refused at once with
 * `PositionNotReached` (409): a position a command answered is at or before the head, which only
 * grows, so waiting could not help. The store is asked only when the runner is not there yet.
 */
export async function reachMinPosition(
  minPosition: number,
  runner: Pick<LiveProjections, 'position' | 'waitForPosition'>,
  headPosition: () => Promise<number | null>,
  waitMs: number,
): Promise<void> {
  const position = runner.position;
  if (position !== null && position >= minPosition) return;
  const head = await headPosition();
  if (head === null || minPosition > head) throw new PositionNotReachedError(minPosition, head);
  if (await runner.waitForPosition(minPosition, waitMs)) return;
  throw new ReadModelBehindError(minPosition, runner.position, waitMs);
}
