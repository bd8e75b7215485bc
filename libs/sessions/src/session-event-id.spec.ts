import fc from 'fast-check';
import { v5 as uuidv5 } from 'uuid';
import { SESSION_EVENT_ID_NAMESPACE, sessionEventId } from './session-event-id';
import { sessionIncarnation } from './session-incarnation';
import { m5 } from './testing/decider-fixtures';

describe('sessionEventId', () => {
  it('derives ids from what the event is, pinned so that retries stay idempotent across versions', () => {
    expect([
      sessionEventId('s1', { type: 'AssistantTextRecorded', data: m5 }),
      sessionEventId('s1', {
        type: 'AssistantTextRecorded',
        data: { ...m5, createdAt: '2030-01-01T00:00:00.000Z', content: 'stamped and edited' },
      }),
      sessionEventId('s2', { type: 'AssistantTextRecorded', data: { ...m5, sessionId: 's2' } }),
      sessionEventId('s1', {
        type: 'SessionStarted',
        data: { sessionId: 's1', startedAt: '2026-04-08T10:00:00.000Z' },
      }),
      sessionEventId('s1', {
        type: 'ToolResultsPruned',
        data: {
          sessionId: 's1',
          messageIds: ['m4'],
          compactedAt: '2026-04-08T10:00:00.000Z',
          reason: 'manual',
        },
      }),
    ]).toEqual([
      'c13f1dc6-56ad-5aa3-ab59-84d8c71a035e',
      'c13f1dc6-56ad-5aa3-ab59-84d8c71a035e',
      '0acc58f5-3871-5bf7-a2e9-0d67e65e94f3',
      '0d262de6-306f-564a-bb83-94fa97bd0bfe',
      'b1d50e57-c0d4-51e9-8c0a-ae01fea50fed',
    ]);
  });

  it('derives a model call’s id from its callId alone: a re-sent step (new recordedAt, messageIds) gets the same one', () => {
    const data = {
      sessionId: 's1',
      callId: 'g1:step-0',
      generationId: 'g1',
      responseMessageCount: 2,
      messageIds: ['g1:0', 'g1:1'],
      recordedAt: '2026-04-08T10:00:00.000Z',
    };
    expect([
      sessionEventId('s1', { type: 'ModelCallRecorded', data }),
      sessionEventId('s1', {
        type: 'ModelCallRecorded',
        data: { ...data, messageIds: [], recordedAt: '2026-04-08T10:00:05.000Z' },
      }),
      sessionEventId('s1', { type: 'ModelCallRecorded', data: { ...data, callId: 'g1:step-1' } }),
    ]).toEqual([
      '60c7a230-0d01-518f-9d55-2c40b78514eb',
      '60c7a230-0d01-518f-9d55-2c40b78514eb',
      expect.not.stringMatching(/^60c7a230-/),
    ]);
  });

  it('derives the very ids of the UUID library’s string form, whatever the text of the ids', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        (session, id) => {
          const name = `${session}\u0000message\u0000${id}`;
          expect(
            sessionEventId(session, { type: 'AssistantTextRecorded', data: { ...m5, id } }),
          ).toEqual(uuidv5(name, SESSION_EVENT_ID_NAMESPACE));
        },
      ),
    );
  });

  it('refuses an id holding a lone surrogate, as the UUID library does, rather than let ids collide', () => {
    expect(() =>
      sessionEventId('s1', { type: 'AssistantTextRecorded', data: { ...m5, id: 'm\uD800' } }),
    ).toThrow(URIError);
  });
});

describe('sessionEventId of a session erased and started again', () => {
  const started = {
    type: 'SessionStarted' as const,
    data: { sessionId: 's1', startedAt: '2026-04-08T09:00:00.000Z' },
  };

  it("keeps the first incarnation's ids as they always were", () => {
    expect(sessionEventId('s1', started, { incarnation: 0 })).toBe(sessionEventId('s1', started));
  });

  it('gives each later incarnation ids of its own', () => {
    const ids = [0, 1, 2].map((incarnation) => sessionEventId('s1', started, { incarnation }));
    expect(new Set(ids).size).toBe(3);
  });

  it('reads the incarnation from the erasures the stream metadata counts', () => {
    expect(sessionIncarnation({})).toBe(0);
    expect(sessionIncarnation({ customMetadata: { erasures: 2 } })).toBe(2);
    expect(sessionIncarnation({ customMetadata: { erasures: 'two' } })).toBe(0);
  });
});
