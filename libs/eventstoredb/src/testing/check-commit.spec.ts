import { checkCommit, type CommitDecision, type StreamFacts } from './check-commit';
import type { ExpectedVersion } from './log-record';

/** A stream `order-1` whose events have the ids `a`, `b`, `c`… at revisions 0, 1, 2… */
function stream(ids: string[], state: Partial<StreamFacts> = {}): StreamFacts {
  return {
    streamName: 'order-1',
    lastRevision: ids.length - 1,
    tombstoned: false,
    softDeleted: false,
    metastreamExists: false,
    eventIdAt: (revision) => ids[revision],
    committed: (eventId) => {
      const revision = ids.indexOf(eventId);
      return revision < 0 ? undefined : { streamName: 'order-1', revision };
    },
    ...state,
  };
}

const any: ExpectedVersion = { kind: 'any' };
const noStream: ExpectedVersion = { kind: 'noStream' };
const streamExists: ExpectedVersion = { kind: 'streamExists' };
const at = (revision: number): ExpectedVersion => ({ kind: 'revision', revision });

describe('checkCommit, as EventStoreDB decides an append', () => {
  it.each<[string, StreamFacts, ExpectedVersion, string[], CommitDecision]>([
    ['no_stream on a new stream', stream([]), noStream, ['x'], { kind: 'ok', softUndelete: false }],
    [
      'no_stream on an existing stream',
      stream(['a']),
      noStream,
      ['x'],
      { kind: 'wrongExpectedVersion', currentRevision: 0 },
    ],
    ['the current revision', stream(['a', 'b']), at(1), ['x'], { kind: 'ok', softUndelete: false }],
    [
      'a revision ahead',
      stream(['a', 'b']),
      at(5),
      ['x'],
      { kind: 'wrongExpectedVersion', currentRevision: 1 },
    ],
    [
      'a revision on a missing stream',
      stream([]),
      at(0),
      ['x'],
      { kind: 'wrongExpectedVersion', currentRevision: -1 },
    ],
    [
      'stream_exists on a missing stream',
      stream([]),
      streamExists,
      ['x'],
      { kind: 'wrongExpectedVersion', currentRevision: -1 },
    ],
    [
      'stream_exists on a stream with only metadata',
      stream([], { metastreamExists: true }),
      streamExists,
      ['x'],
      { kind: 'ok', softUndelete: false },
    ],
    ['any on a new stream', stream([]), any, ['x'], { kind: 'ok', softUndelete: false }],
    [
      'anything on a tombstoned stream',
      stream(['a'], { tombstoned: true }),
      any,
      ['x'],
      { kind: 'deleted' },
    ],
  ])('%s', (_, facts, expected, ids, decision) => {
    expect(checkCommit(facts, expected, ids)).toEqual(decision);
  });

  describe('idempotence by event id', () => {
    it.each<[string, ExpectedVersion, string[], CommitDecision]>([
      ['a retry with no_stream', noStream, ['a', 'b'], { kind: 'idempotent', lastRevision: 1 }],
      [
        'a retry of the first events only',
        noStream,
        ['a'],
        { kind: 'idempotent', lastRevision: 0 },
      ],
      [
        'a retry with the revision it expected',
        at(0),
        ['b', 'c'],
        { kind: 'idempotent', lastRevision: 2 },
      ],
      ['a retry with any', any, ['b', 'c'], { kind: 'idempotent', lastRevision: 2 }],
      ['a retry with stream_exists', streamExists, ['c'], { kind: 'idempotent', lastRevision: 2 }],
      [
        'known events then a new one, exact',
        at(0),
        ['b', 'c', 'x'],
        { kind: 'wrongExpectedVersion', currentRevision: 2 },
      ],
      [
        'known events then a new one, any',
        any,
        ['b', 'x'],
        { kind: 'wrongExpectedVersion', currentRevision: 2 },
      ],
      [
        'a different first event',
        at(0),
        ['x'],
        { kind: 'wrongExpectedVersion', currentRevision: 2 },
      ],
      ['new events with any', any, ['x', 'y'], { kind: 'ok', softUndelete: false }],
    ])('%s', (_, expected, ids, decision) => {
      expect(checkCommit(stream(['a', 'b', 'c']), expected, ids)).toEqual(decision);
    });
  });

  describe('a soft-deleted stream (revisions 0 and 1 hidden)', () => {
    const deleted = stream(['a', 'b'], { softDeleted: true });
    it.each<[string, ExpectedVersion, CommitDecision]>([
      ['no_stream recreates it', noStream, { kind: 'ok', softUndelete: true }],
      ['any recreates it', any, { kind: 'ok', softUndelete: true }],
      ['its last revision recreates it', at(1), { kind: 'ok', softUndelete: true }],
      ['stream_exists is refused as deleted', streamExists, { kind: 'deleted' }],
      ['an older revision is wrong', at(0), { kind: 'wrongExpectedVersion', currentRevision: 1 }],
    ])('%s', (_, expected, decision) => {
      expect(checkCommit(deleted, expected, ['x'])).toEqual(decision);
    });
  });
});
