import { WrongExpectedRevisionError } from '../errors';
import type { EventStore } from '../event-store';
import {
  collect,
  expectedRun,
  newEvent,
  newEvents,
  rejectionOf,
  summary,
  uniquePrefix,
} from './contract-helpers';

/** Expected revisions, idempotent retries and concurrent writers. */
export function describeAppendContract(store: () => EventStore): void {
  describe('append with an expected revision', () => {
    it('no_stream creates the stream, revisions from 0, positions increasing', async () => {
      const stream = `${uniquePrefix()}-order`;
      const events = [newEvent('Placed', { total: 3 }), newEvent('Paid', { amount: 3 })];
      const result = await store().append(stream, events, { expectedRevision: 'no_stream' });
      const read = await collect(store().readStream(stream));
      expect(read.map(summary)).toEqual(expectedRun(stream, 0, events));
      expect(result).toEqual({ nextExpectedRevision: 1, position: read[1]!.position });
      expect(read[0]!.position).toBeLessThan(read[1]!.position);
    });

    it('no_stream on an existing stream is refused with the actual revision', async () => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Placed', 2));
      const error = await rejectionOf(
        store().append(stream, [newEvent('Paid')], { expectedRevision: 'no_stream' }),
      );
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({
        code: 'WrongExpectedRevision',
        streamName: stream,
        expectedRevision: 'no_stream',
        actualRevision: 1,
      });
      expect(await store().getStreamRevision(stream)).toBe(1);
    });

    it('stream_exists on a missing stream is refused with actual no_stream', async () => {
      const stream = `${uniquePrefix()}-order`;
      const error = await rejectionOf(
        store().append(stream, [newEvent('Paid')], { expectedRevision: 'stream_exists' }),
      );
      expect(error).toMatchObject({
        code: 'WrongExpectedRevision',
        expectedRevision: 'stream_exists',
        actualRevision: 'no_stream',
      });
      expect(await store().getStreamRevision(stream)).toBeUndefined();
    });

    it('stream_exists on an existing stream appends', async () => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, [newEvent('Placed')]);
      const result = await store().append(stream, [newEvent('Paid')], {
        expectedRevision: 'stream_exists',
      });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('the current revision appends and answers the next one', async () => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Placed', 3), { expectedRevision: 'no_stream' });
      const result = await store().append(stream, newEvents('Paid', 2), { expectedRevision: 2 });
      expect(result.nextExpectedRevision).toBe(4);
      expect(await store().getStreamRevision(stream)).toBe(4);
    });

    it.each([
      ['behind', 0],
      ['ahead', 5],
    ])('a revision %s the current one is refused and writes nothing', async (_, revision) => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, newEvents('Placed', 2));
      const error = await rejectionOf(
        store().append(stream, [newEvent('Paid')], { expectedRevision: revision }),
      );
      expect(error).toMatchObject({
        code: 'WrongExpectedRevision',
        streamName: stream,
        expectedRevision: revision,
        actualRevision: 1,
      });
      expect(await collect(store().readStream(stream))).toHaveLength(2);
    });

    it('an exact revision on a missing stream is refused with actual no_stream', async () => {
      const stream = `${uniquePrefix()}-order`;
      const error = await rejectionOf(
        store().append(stream, [newEvent('Paid')], { expectedRevision: 0 }),
      );
      expect(error).toMatchObject({ expectedRevision: 0, actualRevision: 'no_stream' });
    });

    it('any appends to a new and to an existing stream (the default)', async () => {
      const stream = `${uniquePrefix()}-order`;
      const first = await store().append(stream, [newEvent('Placed')], { expectedRevision: 'any' });
      const second = await store().append(stream, [newEvent('Paid')]);
      expect([first.nextExpectedRevision, second.nextExpectedRevision]).toEqual([0, 1]);
      expect(second.position).toBeGreaterThan(first.position);
    });
  });

  describe('append retried with the same event ids (idempotence)', () => {
    it.each([
      ['no_stream', 'no_stream' as const],
      ['an exact revision', 1],
      ['any', 'any' as const],
      ['stream_exists', 'stream_exists' as const],
    ])('with %s returns the first result and writes once', async (_, expectedRevision) => {
      const stream = `${uniquePrefix()}-order`;
      const before = newEvents('Placed', 2);
      if (expectedRevision !== 'no_stream') await store().append(stream, before);
      const events = newEvents('Paid', 3);
      const first = await store().append(stream, events, { expectedRevision });
      const retry = await store().append(stream, events, { expectedRevision });
      expect(retry).toEqual(first);
      const read = await collect(store().readStream(stream));
      const firstRevision = expectedRevision === 'no_stream' ? 0 : 2;
      expect(read.slice(-3).map(summary)).toEqual(expectedRun(stream, firstRevision, events));
      expect(read).toHaveLength(firstRevision + 3);
    });

    it('is idempotent after the stream moved on', async () => {
      const stream = `${uniquePrefix()}-order`;
      const events = newEvents('Placed', 2);
      const first = await store().append(stream, events, { expectedRevision: 'no_stream' });
      await store().append(stream, [newEvent('Paid')], { expectedRevision: 1 });
      const retry = await store().append(stream, events, { expectedRevision: 'no_stream' });
      expect(retry).toEqual(first);
      expect(await store().getStreamRevision(stream)).toBe(2);
    });

    it('a retry of the first events of an append is idempotent up to them', async () => {
      const stream = `${uniquePrefix()}-order`;
      const events = newEvents('Placed', 3);
      await store().append(stream, events, { expectedRevision: 'no_stream' });
      const read = await collect(store().readStream(stream));
      const retry = await store().append(stream, events.slice(0, 2), {
        expectedRevision: 'no_stream',
      });
      expect(retry).toEqual({ nextExpectedRevision: 1, position: read[1]!.position });
      expect(await store().getStreamRevision(stream)).toBe(2);
    });

    it.each([
      ['an exact revision', 'no_stream' as const],
      ['any', 'any' as const],
    ])(
      'with %s, known events followed by a new one (partial duplicate) are refused',
      async (_, expectedRevision) => {
        const stream = `${uniquePrefix()}-order`;
        const events = newEvents('Placed', 2);
        await store().append(stream, events, { expectedRevision });
        const error = await rejectionOf(
          store().append(stream, [...events, newEvent('Paid')], { expectedRevision }),
        );
        expect(error).toMatchObject({ code: 'WrongExpectedRevision', actualRevision: 1 });
        expect(await store().getStreamRevision(stream)).toBe(1);
      },
    );

    it('a different event under the same expectation is a wrong expected revision', async () => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, [newEvent('Placed')], { expectedRevision: 'no_stream' });
      await store().append(stream, [newEvent('Paid')], { expectedRevision: 0 });
      const error = await rejectionOf(
        store().append(stream, [newEvent('Cancelled')], { expectedRevision: 0 }),
      );
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamName: stream, expectedRevision: 0, actualRevision: 1 });
    });
  });

  describe('concurrent appenders on one stream', () => {
    it('with the same expected revision, exactly one wins', async () => {
      const stream = `${uniquePrefix()}-order`;
      await store().append(stream, [newEvent('Placed')], { expectedRevision: 'no_stream' });
      const attempts = [newEvents('Paid', 2), newEvents('Cancelled', 2), newEvents('Shipped', 2)];
      const outcomes = await Promise.allSettled(
        attempts.map((events) => store().append(stream, events, { expectedRevision: 0 })),
      );
      const winners = outcomes.flatMap((outcome, index) =>
        outcome.status === 'fulfilled' ? [index] : [],
      );
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
      }
      const read = await collect(store().readStream(stream, { fromRevision: 1 }));
      expect(read.map(summary)).toEqual(expectedRun(stream, 1, attempts[winners[0]!]!));
    });

    it('creating one stream with no_stream, exactly one of five wins', async () => {
      const stream = `${uniquePrefix()}-order`;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          store().append(stream, newEvents('Placed', 3), { expectedRevision: 'no_stream' }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await store().getStreamRevision(stream)).toBe(2);
    });
  });
}
