import { decideDelete } from './decide-delete';
import type { StreamWriteState } from './stream-write-state';

const state = (overrides: Partial<StreamWriteState>): StreamWriteState => ({
  lastRevision: 2,
  tombstoned: false,
  softDeleted: false,
  hasMetadata: false,
  ...overrides,
});

describe('decideDelete', () => {
  it.each([
    ['any on an existing stream', 'any', {}, { kind: 'delete' }],
    ['any on a missing stream', 'any', { lastRevision: -1 }, { kind: 'delete' }],
    ['no_stream on a missing stream', 'no_stream', { lastRevision: -1 }, { kind: 'delete' }],
    ['no_stream on an existing stream', 'no_stream', {}, { kind: 'wrongExpectedRevision' }],
    ['no_stream on a soft-deleted stream', 'no_stream', { softDeleted: true }, { kind: 'delete' }],
    ['stream_exists on an existing stream', 'stream_exists', {}, { kind: 'delete' }],
    [
      'stream_exists on a missing stream',
      'stream_exists',
      { lastRevision: -1 },
      { kind: 'wrongExpectedRevision' },
    ],
    [
      'stream_exists on a soft-deleted stream',
      'stream_exists',
      { softDeleted: true },
      { kind: 'streamDeleted', softDeleted: true },
    ],
    ['the current revision', 2, {}, { kind: 'delete' }],
    ['another revision', 1, {}, { kind: 'wrongExpectedRevision' }],
    [
      'anything on a tombstoned stream',
      'any',
      { tombstoned: true },
      { kind: 'streamDeleted', softDeleted: false },
    ],
  ] as const)('%s', (_, expected, overrides, decision) => {
    expect(decideDelete(expected, state(overrides))).toEqual(decision);
  });
});
