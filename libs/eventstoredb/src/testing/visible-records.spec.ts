import type { LogRecord } from './log-record';
import { visibleRecords } from './visible-records';

const SECOND = 10_000_000n;

function record(revision: number, createdSeconds: number): LogRecord {
  return {
    position: 1000 + revision * 100,
    streamName: 'order-1',
    revision: BigInt(revision),
    eventId: `id-${revision}`,
    eventType: 'Placed',
    contentType: 'application/json',
    data: new Uint8Array(),
    customMetadata: new Uint8Array(),
    createdTicks: BigInt(createdSeconds) * SECOND,
  };
}

const records = [0, 1, 2, 3, 4].map((revision) => record(revision, revision * 10));
const revisions = (visible: LogRecord[]) => visible.map((item) => Number(item.revision));
const now = 45n * SECOND;

describe('visibleRecords', () => {
  it('keeps everything without rules', () => {
    expect(revisions(visibleRecords(records, { softDeleted: false }, now))).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it('keeps the last maxCount', () => {
    expect(revisions(visibleRecords(records, { maxCount: 2, softDeleted: false }, now))).toEqual([
      3, 4,
    ]);
  });

  it('hides revisions before truncateBefore', () => {
    expect(
      revisions(visibleRecords(records, { truncateBefore: 3, softDeleted: false }, now)),
    ).toEqual([3, 4]);
  });

  it('hides events older than maxAge seconds', () => {
    expect(revisions(visibleRecords(records, { maxAge: 20, softDeleted: false }, now))).toEqual([
      3, 4,
    ]);
  });

  it('applies the tightest of the rules', () => {
    const rules = { truncateBefore: 1, maxCount: 3, maxAge: 40, softDeleted: false };
    expect(revisions(visibleRecords(records, rules, now))).toEqual([2, 3, 4]);
  });
});
