import type { LedgerEvent } from '@agent-ledger/events';
import { foldErasureReceipts } from './erasure-receipt';

const requested: LedgerEvent = {
  type: 'ErasureRequested',
  data: {
    erasureId: 'e1',
    tenant: 'default',
    subjectId: 'u1',
    action: 'erase',
    reason: 'request',
    requestedBy: { via: 'http', keyId: 'k1' },
    requestedAt: '2026-12-02T10:00:00.000Z',
    sessions: [
      {
        sessionId: 's1',
        streamName: 'session-s1',
        events: 3,
        eventsByType: { SessionStarted: 1, UserInputRecorded: 2 },
        eventIdsDigest: `sha256:${'0'.repeat(64)}`,
      },
    ],
  },
};

const completed: LedgerEvent = {
  type: 'ErasureCompleted',
  data: {
    erasureId: 'e1',
    completedAt: '2026-12-02T10:00:01.000Z',
    erasedEvents: 3,
    contentKeysDestroyed: 1,
    physical: true,
  },
};

describe('foldErasureReceipts', () => {
  it('given a request alone, the erasure is in progress, at the position of its journal entry', () => {
    expect(foldErasureReceipts([{ event: requested, position: 7 }])).toEqual([
      {
        erasureId: 'e1',
        status: 'in-progress',
        tenant: 'default',
        subjectId: 'u1',
        action: 'erase',
        reason: 'request',
        requestedBy: { via: 'http', keyId: 'k1' },
        requestedAt: '2026-12-02T10:00:00.000Z',
        sessionIds: ['s1'],
        sessions: requested.type === 'ErasureRequested' ? requested.data.sessions : [],
        requestedPosition: 7,
      },
    ]);
  });

  it('given its completion, the receipt is completed with the counts; a repeated request or completion changes nothing', () => {
    const [receipt] = foldErasureReceipts([
      { event: requested, position: 7 },
      { event: completed, position: 9 },
      { event: requested, position: 11 },
      { event: { ...completed, data: { ...completed.data, erasedEvents: 99 } }, position: 12 },
    ]);
    expect(receipt).toMatchObject({
      status: 'completed',
      completedAt: '2026-12-02T10:00:01.000Z',
      erasedEvents: 3,
      contentKeysDestroyed: 1,
      physical: true,
      requestedPosition: 7,
    });
  });

  it('ignores a completion without its request', () => {
    expect(foldErasureReceipts([{ event: completed, position: 3 }])).toEqual([]);
  });
});
