import type { RecordedEvent } from '@agent-ledger/event-store';
import { parseSessionLogEvent } from './parse-session-log-event';

const recorded = (overrides: Partial<RecordedEvent>): RecordedEvent => ({
  streamName: 'session-s1',
  revision: 1,
  position: 7,
  id: 'e1',
  type: 'UserInputRecorded',
  data: {
    id: 'm2',
    sessionId: 's1',
    kind: 'user_input',
    role: 'user',
    createdAt: '2026-04-08T09:00:01Z',
    content: 'Hello',
  },
  metadata: { schemaVersion: 1, commandId: 'c1', tracer: 'x' },
  createdAt: '2026-04-08T09:00:01.500Z',
  ...overrides,
});

describe('parseSessionLogEvent', () => {
  it('reads a valid event with its place in the log and the session it belongs to', () => {
    const event = recorded({});
    expect(parseSessionLogEvent(event)).toEqual({
      ok: true,
      event: {
        event: { type: 'UserInputRecorded', data: event.data },
        sessionId: 's1',
        streamName: 'session-s1',
        revision: 1,
        position: 7,
        id: 'e1',
        recordedAt: '2026-04-08T09:00:01.500Z',
        metadata: { schemaVersion: 1, commandId: 'c1' },
      },
    });
  });

  it('refuses a stream that is not a session stream', () => {
    expect(parseSessionLogEvent(recorded({ streamName: 'other-s1' }))).toEqual({
      ok: false,
      error: 'Stream "other-s1" is not a session stream.',
    });
  });

  it('refuses an unknown event type', () => {
    expect(parseSessionLogEvent(recorded({ type: 'MoodRecorded' }))).toEqual({
      ok: false,
      sessionId: 's1',
      error: 'Event type "MoodRecorded" is unknown to this version; the event was skipped.',
    });
  });

  it('refuses data that fails its schema, or an unsupported schema version', () => {
    const invalid = parseSessionLogEvent(recorded({ data: { id: 'm2', content: 42 } }));
    expect(invalid).toMatchObject({ ok: false, sessionId: 's1' });
    expect(invalid.ok ? '' : invalid.error).toContain('does not match its schema');
    const newer = parseSessionLogEvent(recorded({ metadata: { schemaVersion: 99 } }));
    expect(newer.ok ? '' : newer.error).toContain('schemaVersion: 99 is not supported');
  });
});
