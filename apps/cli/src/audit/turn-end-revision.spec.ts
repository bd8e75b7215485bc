import type { SessionEvent } from '@agent-ledger/events';
import { turnEndRevision, type RevisionedEvent } from './turn-end-revision';

const at = '2026-04-08T09:00:00.000Z';
const base = (id: string) => ({ id, sessionId: 's1', createdAt: at });

const userInput = (id: string): SessionEvent => ({
  type: 'UserInputRecorded',
  data: { ...base(id), kind: 'user_input', role: 'user', content: `input ${id}` },
});
const assistantText = (id: string): SessionEvent => ({
  type: 'AssistantTextRecorded',
  data: { ...base(id), kind: 'assistant_text', role: 'assistant', content: `answer ${id}` },
});
const boundary = (id: string): SessionEvent => ({
  type: 'CompactBoundaryRecorded',
  data: {
    ...base(id),
    kind: 'compact_boundary',
    role: 'system',
    content: { type: 'compact-boundary', trigger: 'auto' },
  },
});
const summary = (id: string, boundaryId: string): SessionEvent => ({
  type: 'CompactSummaryRecorded',
  data: {
    ...base(id),
    kind: 'compact_summary',
    role: 'user',
    metadata: { summaryForBoundaryId: boundaryId },
    content: 'summary',
  },
});
const pruned = (messageId: string): SessionEvent => ({
  type: 'ToolResultsPruned',
  data: { sessionId: 's1', messageIds: [messageId], compactedAt: at, reason: 'test' },
});

function log(...events: SessionEvent[]): RevisionedEvent[] {
  return events.map((event, revision) => ({ revision, event }));
}

describe('turnEndRevision', () => {
  const started: SessionEvent = {
    type: 'SessionStarted',
    data: { sessionId: 's1', startedAt: at },
  };

  it('ends a turn at the last event before the next user input', () => {
    const events = log(started, userInput('u1'), assistantText('a1'), userInput('u2'));
    expect(turnEndRevision(events, 1)).toEqual({ found: true, revision: 2 });
  });

  it('ends the last turn at the end of the log', () => {
    const events = log(
      started,
      userInput('u1'),
      assistantText('a1'),
      userInput('u2'),
      assistantText('a2'),
    );
    expect(turnEndRevision(events, 2)).toEqual({ found: true, revision: 4 });
  });

  it('leaves out a compaction recorded between two turns', () => {
    const events = log(
      started,
      userInput('u1'),
      assistantText('a1'),
      boundary('b1'),
      summary('s1', 'b1'),
      userInput('u2'),
      assistantText('a2'),
    );
    expect(turnEndRevision(events, 1)).toEqual({ found: true, revision: 2 });
    expect(turnEndRevision(events, 2)).toEqual({ found: true, revision: 6 });
  });

  it('keeps a compaction in the middle of a turn', () => {
    const events = log(
      started,
      userInput('u1'),
      boundary('b1'),
      summary('s1', 'b1'),
      assistantText('a1'),
      pruned('a1'),
    );
    expect(turnEndRevision(events, 1)).toEqual({ found: true, revision: 4 });
  });

  it('ends a turn with no answer yet at its user input', () => {
    const events = log(started, userInput('u1'));
    expect(turnEndRevision(events, 1)).toEqual({ found: true, revision: 1 });
  });

  it('reports how many turns there are when asked for one past the last', () => {
    const events = log(started, userInput('u1'), assistantText('a1'), userInput('u2'));
    expect(turnEndRevision(events, 3)).toEqual({ found: false, turns: 2 });
    expect(turnEndRevision(log(started), 1)).toEqual({ found: false, turns: 0 });
  });
});
