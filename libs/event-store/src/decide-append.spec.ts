import { decideAppend } from './decide-append';
import type { StoredEventLookup, StreamWriteState } from './stream-write-state';

/** A stream holding events `ids` at revisions 0.., positions 10, 11, ... */
function streamOf(ids: string[], state: Partial<StreamWriteState> = {}) {
  const stored = ids.map((id, revision) => ({ id, revision, position: 10 + revision }));
  const lookup: StoredEventLookup = {
    eventAt: (revision) => stored[revision],
    findById: (id) => stored.filter((event) => event.id === id).at(-1),
  };
  const streamState: StreamWriteState = {
    lastRevision: ids.length - 1,
    tombstoned: false,
    softDeleted: false,
    hasMetadata: false,
    ...state,
  };
  return { state: streamState, lookup };
}

describe('decideAppend (EventStoreDB commit check)', () => {
  describe('on a stream that does not exist', () => {
    const { state, lookup } = streamOf([]);
    it.each([
      ['no_stream', 'no_stream' as const, { kind: 'write', undelete: false }],
      ['any', 'any' as const, { kind: 'write', undelete: false }],
      ['stream_exists', 'stream_exists' as const, { kind: 'wrongExpectedRevision' }],
      ['an exact revision', 0, { kind: 'wrongExpectedRevision' }],
    ])('given %s', (_, expected, decision) => {
      expect(decideAppend(expected, state, ['x'], lookup)).toEqual(decision);
    });

    it('given stream_exists accepts a stream that has only metadata', () => {
      const withMetadata = streamOf([], { hasMetadata: true });
      expect(decideAppend('stream_exists', withMetadata.state, ['x'], withMetadata.lookup)).toEqual(
        { kind: 'write', undelete: false },
      );
    });
  });

  describe('on a stream at revision 2 (events a, b, c)', () => {
    const { state, lookup } = streamOf(['a', 'b', 'c']);
    it.each([
      ['the current revision writes', 2, ['d'], { kind: 'write', undelete: false }],
      ['a revision ahead is refused', 3, ['d'], { kind: 'wrongExpectedRevision' }],
      ['a revision behind with new ids is refused', 0, ['d'], { kind: 'wrongExpectedRevision' }],
      ['no_stream with new ids is refused', 'no_stream', ['d'], { kind: 'wrongExpectedRevision' }],
      [
        'a retry at its revision is idempotent',
        0,
        ['b', 'c'],
        { kind: 'idempotent', lastRevision: 2, position: 12 },
      ],
      [
        'a retry of the first events is idempotent',
        'no_stream',
        ['a', 'b'],
        { kind: 'idempotent', lastRevision: 1, position: 11 },
      ],
      [
        'a retry going past the end is a partial duplicate',
        0,
        ['b', 'c', 'd'],
        { kind: 'wrongExpectedRevision' },
      ],
      [
        'known then unknown ids are a partial duplicate',
        'no_stream',
        ['a', 'x'],
        { kind: 'wrongExpectedRevision' },
      ],
      ['ids out of their place are refused', 0, ['c', 'b'], { kind: 'wrongExpectedRevision' }],
      ['any with new ids writes', 'any', ['d'], { kind: 'write', undelete: false }],
      [
        'any with known ids is idempotent',
        'any',
        ['b', 'c'],
        { kind: 'idempotent', lastRevision: 2, position: 12 },
      ],
      [
        'any with known then new ids is refused',
        'any',
        ['c', 'd'],
        { kind: 'wrongExpectedRevision' },
      ],
      [
        'any with a new first id writes all (as EventStoreDB)',
        'any',
        ['d', 'c'],
        { kind: 'write', undelete: false },
      ],
      [
        'stream_exists with known ids is idempotent',
        'stream_exists',
        ['a'],
        { kind: 'idempotent', lastRevision: 0, position: 10 },
      ],
    ] as const)('%s', (_, expected, ids, decision) => {
      expect(decideAppend(expected, state, ids, lookup)).toEqual(decision);
    });
  });

  describe('on a soft-deleted stream at revision 1', () => {
    const { state, lookup } = streamOf(['a', 'b'], { softDeleted: true, hasMetadata: true });
    it.each([
      ['no_stream recreates it', 'no_stream', { kind: 'write', undelete: true }],
      ['any recreates it', 'any', { kind: 'write', undelete: true }],
      ['its last revision recreates it', 1, { kind: 'write', undelete: true }],
      [
        'stream_exists is refused as deleted',
        'stream_exists',
        { kind: 'streamDeleted', softDeleted: true },
      ],
      ['an older revision is refused', 0, { kind: 'wrongExpectedRevision' }],
    ] as const)('%s', (_, expected, decision) => {
      expect(decideAppend(expected, state, ['x'], lookup)).toEqual(decision);
    });
  });

  it('refuses everything on a tombstoned stream', () => {
    const { state, lookup } = streamOf([], { tombstoned: true });
    for (const expected of ['any', 'no_stream', 'stream_exists', 0] as const) {
      expect(decideAppend(expected, state, ['x'], lookup)).toEqual({
        kind: 'streamDeleted',
        softDeleted: false,
      });
    }
  });

  it('rejects an expected revision that is not a revision', () => {
    const { state, lookup } = streamOf([]);
    expect(() => decideAppend(-1, state, ['x'], lookup)).toThrow(RangeError);
    expect(() => decideAppend(1.5, state, ['x'], lookup)).toThrow(RangeError);
  });
});
