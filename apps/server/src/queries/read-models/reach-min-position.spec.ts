import { PositionNotReachedError, ReadModelBehindError } from '@agent-ledger/read-models';
import { reachMinPosition } from './reach-min-position';

/** A runner at `position` that never moves: every wait past it times out (and is recorded). */
function stalledRunner(position: number | null) {
  const waits: number[] = [];
  return {
    position,
    waits,
    waitForPosition: (wanted: number) => {
      waits.push(wanted);
      return Promise.resolve(position !== null && position >= wanted);
    },
  };
}

const head = (position: number | null) => () => Promise.resolve(position);

describe('reachMinPosition', () => {
  it('answers at once when the runner has reached minPosition', async () => {
    const runner = stalledRunner(7);
    await expect(reachMinPosition(7, runner, head(7), 5000)).resolves.toBeUndefined();
    expect(runner.waits).toEqual([]);
  });

  it('waits, then ReadModelBehind, when the store has the position but the runner is behind', async () => {
    const runner = stalledRunner(5);
    const error = await reachMinPosition(8, runner, head(9), 5000).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ReadModelBehindError);
    expect(error).toMatchObject({ code: 'ReadModelBehind', minPosition: 8, position: 5 });
    expect(runner.waits).toEqual([8]);
  });

  it('refuses a minPosition past the store’s head without waiting: PositionNotReached', async () => {
    const runner = stalledRunner(9);
    const error = await reachMinPosition(1_000_009, runner, head(9), 5000).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(PositionNotReachedError);
    expect(error).toMatchObject({
      code: 'PositionNotReached',
      minPosition: 1_000_009,
      headPosition: 9,
      message:
        'minPosition 1000009 is past the last position of the event store (position 9): no write has reached it. Give the position a command of this store answered.',
    });
    expect(runner.waits).toEqual([]);
  });

  it('refuses any minPosition on an empty store', async () => {
    const runner = stalledRunner(null);
    await expect(reachMinPosition(0, runner, head(null), 5000)).rejects.toMatchObject({
      code: 'PositionNotReached',
      headPosition: null,
      message:
        'minPosition 0 is past the last position of the event store (it holds no event yet): no write has reached it. Give the position a command of this store answered.',
    });
    expect(runner.waits).toEqual([]);
  });
});
