import { AppendTooLargeError, InvalidEventPayloadError } from './errors';
import type { EventToAppend } from './event-store';
import { DEFAULT_MAX_APPEND_SIZE, serializeAppend } from './serialize-append';

const ID = '0190f5c4-6f2a-7d3e-8b1c-2a4b6c8d0e1f';
const checks = { maxAppendSize: DEFAULT_MAX_APPEND_SIZE };

describe('serializeAppend', () => {
  it('serializes data and metadata once, ids in lower case, metadata defaulting to {}', () => {
    const events: EventToAppend[] = [
      { id: ID.toUpperCase(), type: 'Placed', data: { total: 3 }, metadata: { schemaVersion: 1 } },
      { id: ID, type: 'Paid', data: null },
    ];
    expect(serializeAppend('order-1', events, checks)).toEqual([
      { id: ID, type: 'Placed', data: '{"total":3}', metadata: '{"schemaVersion":1}' },
      { id: ID, type: 'Paid', data: 'null', metadata: '{}' },
    ]);
  });

  it('calls the validator for every event and refuses at the first complaint', () => {
    const seen: string[] = [];
    const validatePayload = (event: EventToAppend): string[] => {
      seen.push(event.type);
      return event.type === 'Bad' ? ['/text must be a string', '/kind is required'] : [];
    };
    const events = ['Good', 'Bad', 'Later'].map((type) => ({ id: ID, type, data: {} }));
    const attempt = () => serializeAppend('order-1', events, { ...checks, validatePayload });
    expect(attempt).toThrow(InvalidEventPayloadError);
    expect(seen).toEqual(['Good', 'Bad']);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({
        streamName: 'order-1',
        eventType: 'Bad',
        eventId: ID,
        complaints: ['/text must be a string', '/kind is required'],
      });
    }
  });

  it.each([
    [
      'an id that is not a UUID',
      { id: 'order-1-event', type: 'Placed', data: {} },
      'id "order-1-event" is not a UUID',
    ],
    [
      'a reserved type',
      { id: ID, type: '$metadata', data: {} },
      'type "$metadata" is empty or starts with "$" (reserved for the store)',
    ],
    [
      'data that is not JSON',
      { id: ID, type: 'Placed', data: { total: 3n } },
      'data is not serializable as JSON',
    ],
    [
      'data that is undefined',
      { id: ID, type: 'Placed', data: undefined },
      'data is not serializable as JSON',
    ],
  ])('refuses %s', (_, event, complaint) => {
    expect(() => serializeAppend('order-1', [event], checks)).toThrow(complaint);
  });

  it('counts UTF-8 bytes of data and metadata against the limit', () => {
    const event = { id: ID, type: 'Note', data: 'é', metadata: {} };
    expect(serializeAppend('notes', [event], { maxAppendSize: 6 })).toHaveLength(1);
    expect(() => serializeAppend('notes', [event, event], { maxAppendSize: 11 })).toThrow(
      new AppendTooLargeError('notes', 12, 11),
    );
  });

  it('refuses an empty append', () => {
    expect(() => serializeAppend('order-1', [], checks)).toThrow(RangeError);
  });
});
