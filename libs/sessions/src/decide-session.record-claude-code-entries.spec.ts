import type { SessionEvent } from '@agent-ledger/events';
import type { RecordClaudeCodeEntries } from './session-command';
import { decideGiven, ruleBrokenGiven, seedExampleEvents } from './testing/decider-fixtures';

const entries = [{ type: 'user', uuid: 'u1', message: { role: 'user', content: 'Hi' } }];
const command: RecordClaudeCodeEntries = {
  type: 'RecordClaudeCodeEntries',
  sessionId: 's1',
  projectKey: '-repo',
  entries,
};

describe('RecordClaudeCodeEntries', () => {
  it('given no session, when entries are recorded, then the session starts with them', () => {
    const events = decideGiven([], command);
    expect(events.map((event) => event.type)).toEqual([
      'SessionStarted',
      'ClaudeCodeEntriesRecorded',
    ]);
    expect(events[1]?.data).toMatchObject({ sessionId: 's1', projectKey: '-repo', entries });
  });

  it('given a session, when a sub-agent’s entries are recorded, then they are kept with their subpath', () => {
    const events = decideGiven(seedExampleEvents, { ...command, subpath: 'subagents/agent-a1' });
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ subpath: 'subagents/agent-a1', entries });
  });

  it('given a session, when no entries are recorded, then nothing is', () => {
    expect(decideGiven(seedExampleEvents, { ...command, entries: [] })).toEqual([]);
  });

  it('given an ended session, when entries are recorded, then SessionAlreadyEnded', () => {
    const ended: SessionEvent = {
      type: 'SessionEnded',
      data: { sessionId: 's1', endedAt: '2026-04-08T10:00:00.000Z' },
    };
    expect(ruleBrokenGiven([...seedExampleEvents, ended], command)).toMatchObject({
      code: 'SessionAlreadyEnded',
    });
  });
});
