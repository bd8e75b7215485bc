import { visibleRevisions } from './visible-revisions';

const now = new Date('2026-01-01T10:00:00.000Z');

describe('visibleRevisions', () => {
  it.each([
    ['no metadata', {}, { from: 0, to: 9 }],
    ['maxCount keeps the last N', { maxCount: 3 }, { from: 7, to: 9 }],
    ['maxCount above the length keeps all', { maxCount: 30 }, { from: 0, to: 9 }],
    ['truncateBefore hides revisions below it', { truncateBefore: 4 }, { from: 4, to: 9 }],
    ['the tighter rule wins', { truncateBefore: 8, maxCount: 5 }, { from: 8, to: 9 }],
    ['truncateBefore past the end hides all', { truncateBefore: 12 }, { from: 12, to: 9 }],
    [
      'maxAge gives the oldest visible time',
      { maxAge: 90 },
      { from: 0, to: 9, createdNotBefore: '2026-01-01T09:58:30.000Z' },
    ],
  ])('%s', (_, metadata, visible) => {
    expect(visibleRevisions(metadata, 9, now)).toEqual(visible);
  });
});
