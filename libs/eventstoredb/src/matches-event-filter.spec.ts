import type { EventFilter } from '@agent-ledger/event-store';
import { matchesEventFilter } from './matches-event-filter';

const event = { streamName: 'session-42', type: 'UserInputRecorded' };

describe('matchesEventFilter', () => {
  it.each<[EventFilter, boolean]>([
    [{ on: 'streamName', prefixes: ['order-', 'session-'] }, true],
    [{ on: 'streamName', prefixes: ['session-4x'] }, false],
    [{ on: 'streamName', regex: '-4\\d$' }, true],
    [{ on: 'eventType', prefixes: ['User'] }, true],
    [{ on: 'eventType', regex: '^Input' }, false],
    [{ on: 'eventType', regex: 'Input' }, true],
  ])('%j gives %s', (filter, matches) => {
    expect(matchesEventFilter(filter, event)).toBe(matches);
  });
});
