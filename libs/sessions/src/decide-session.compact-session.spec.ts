import type { CompactBoundaryMessage, CompactSummaryMessage } from '@agent-ledger/messages';
import { decideGiven, ruleBrokenGiven, seedExampleEvents } from './testing/decider-fixtures';

const boundary: CompactBoundaryMessage = {
  id: 'b1',
  sessionId: 's1',
  kind: 'compact_boundary',
  role: 'system',
  createdAt: '2026-04-08T09:10:00.000Z',
  content: { type: 'compact-boundary', trigger: 'manual', reason: 'context window 90% full' },
};

const summary: CompactSummaryMessage = {
  id: 'sum1',
  sessionId: 's1',
  kind: 'compact_summary',
  role: 'user',
  createdAt: '2026-04-08T09:10:00.000Z',
  content: 'The user asked to fix the login in src/auth.ts; the file was read.',
  metadata: { summaryForBoundaryId: 'b1' },
};

describe('CompactSession', () => {
  it('given a session, when it is compacted, then the boundary and its summary are recorded together', () => {
    expect(
      decideGiven(seedExampleEvents, {
        type: 'CompactSession',
        sessionId: 's1',
        boundary,
        summary,
      }),
    ).toEqual([
      { type: 'CompactBoundaryRecorded', data: boundary },
      { type: 'CompactSummaryRecorded', data: summary },
    ]);
  });

  it('given the compaction recorded, when it is sent again, then nothing is recorded (a retry)', () => {
    expect(
      decideGiven(
        [
          ...seedExampleEvents,
          { type: 'CompactBoundaryRecorded', data: boundary },
          { type: 'CompactSummaryRecorded', data: summary },
        ],
        { type: 'CompactSession', sessionId: 's1', boundary, summary },
      ),
    ).toEqual([]);
  });

  it('given a session, when the boundary keeps recent turns from an earlier message, then it is recorded', () => {
    const keeping: CompactBoundaryMessage = {
      ...boundary,
      content: { ...boundary.content, retainFromMessageId: 'm2' },
    };
    expect(
      decideGiven(seedExampleEvents, {
        type: 'CompactSession',
        sessionId: 's1',
        boundary: keeping,
        summary,
      }),
    ).toEqual([
      { type: 'CompactBoundaryRecorded', data: keeping },
      { type: 'CompactSummaryRecorded', data: summary },
    ]);
  });

  it('given a session, when the boundary keeps turns from a message it does not have, then UnknownRetainedMessage', () => {
    expect(
      ruleBrokenGiven(seedExampleEvents, {
        type: 'CompactSession',
        sessionId: 's1',
        boundary: { ...boundary, content: { ...boundary.content, retainFromMessageId: 'm9' } },
        summary,
      }),
    ).toEqual({
      code: 'UnknownRetainedMessage',
      message: expect.stringContaining('"m9" names no earlier message of this session') as string,
      messageId: 'b1',
      field: 'content.retainFromMessageId',
    });
  });

  it('given a session, when the summary names another boundary, then SummaryDoesNotNameBoundary', () => {
    expect(
      ruleBrokenGiven(seedExampleEvents, {
        type: 'CompactSession',
        sessionId: 's1',
        boundary,
        summary: { ...summary, metadata: { summaryForBoundaryId: 'b0' } },
      }),
    ).toEqual({
      code: 'SummaryDoesNotNameBoundary',
      message:
        'Message "sum1" (compact_summary): metadata.summaryForBoundaryId is "b0", but the compaction\'s boundary is "b1". The summary of a compaction names its boundary.',
      messageId: 'sum1',
      field: 'metadata.summaryForBoundaryId',
    });
  });

  it('given a session, when the boundary reuses a message id, then DuplicateMessageId and nothing is recorded', () => {
    expect(
      ruleBrokenGiven(seedExampleEvents, {
        type: 'CompactSession',
        sessionId: 's1',
        boundary: { ...boundary, id: 'm5' },
        summary: { ...summary, metadata: { summaryForBoundaryId: 'm5' } },
      }),
    ).toEqual({
      code: 'DuplicateMessageId',
      message:
        'Message "m5" (compact_boundary): id "m5" is already recorded in session "s1" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.',
      messageId: 'm5',
      field: 'id',
    });
  });

  it('given no session, when it is compacted, then SessionNotFound', () => {
    expect(
      ruleBrokenGiven([], { type: 'CompactSession', sessionId: 's1', boundary, summary }),
    ).toEqual({
      code: 'SessionNotFound',
      message:
        'Session "s1" does not exist, so there is nothing to compact. A session starts with its first appended messages.',
    });
  });
});
