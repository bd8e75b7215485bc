import fc from 'fast-check';
import {
  RUNTIME_MESSAGE_KINDS,
  type ContentPart,
  type RuntimeMessage,
} from '@agent-ledger/messages';
import { normalizeSessionEvents, type SessionEvent } from '@agent-ledger/events';
import { LONG_TOOL_RESULT_CHARS } from './arbitrary-content';
import { arbitrarySessionHistory } from './arbitrary-session-history';

const messagesOf = (events: readonly SessionEvent[]): RuntimeMessage[] =>
  events.flatMap((event) => ('kind' in event.data ? [event.data] : []));

describe('arbitrarySessionHistory', () => {
  it('starts the session first and ends it, if at all, last', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory({ sessionId: 'abc' }), (events) => {
        expect(events[0]).toEqual({
          type: 'SessionStarted',
          data: { sessionId: 'abc', startedAt: '2026-04-08T09:00:00.000Z', agentName: 'main' },
        });
        const ends = events.flatMap((event, index) =>
          event.type === 'SessionEnded' ? [index] : [],
        );
        expect(ends.every((index) => index === events.length - 1)).toBe(true);
        expect(messagesOf(events).every((message) => message.sessionId === 'abc')).toBe(true);
      }),
    );
  });

  it('records messages in time order, summaries after their boundary, marks on earlier results', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory(), (events) => {
        const seen = new Map<string, RuntimeMessage>();
        let previous: RuntimeMessage | undefined;
        for (const event of events) {
          if (event.type === 'ToolResultsPruned') {
            for (const id of event.data.messageIds) expect(seen.get(id)?.kind).toBe('tool_result');
          }
          if (!('kind' in event.data)) continue;
          const message = event.data;
          if (message.kind === 'compact_summary' && !seen.has(message.id)) {
            expect(previous?.kind).toBe('compact_boundary');
            expect(message.metadata?.summaryForBoundaryId).toBe(previous?.id);
          }
          if (!seen.has(message.id) && previous !== undefined) {
            expect(message.createdAt > previous.createdAt).toBe(true);
          }
          if (!seen.has(message.id)) previous = message;
          seen.set(message.id, seen.get(message.id) ?? message);
        }
      }),
    );
  });

  it('without faults, gives unique ids and nothing to repair', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory({ faults: false }), (events) => {
        const ids = messagesOf(events).map((message) => message.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(normalizeSessionEvents(events).repairs).toEqual([]);
      }),
    );
  });

  it('over many histories, covers every kind and every fault normalization repairs', () => {
    const histories = fc.sample(arbitrarySessionHistory(), { numRuns: 200, seed: 42 });
    const messages = histories.flatMap(messagesOf);
    const kinds = new Set(messages.map((message) => message.kind));
    expect([...kinds].sort()).toEqual([...RUNTIME_MESSAGE_KINDS].sort());

    const repairs = new Set(
      histories.flatMap((events) =>
        normalizeSessionEvents(events).repairs.map((repair) => repair.type),
      ),
    );
    expect([...repairs].sort()).toEqual([
      'dangling-tool-call',
      'duplicate-message-id',
      'duplicate-tool-call-id',
      'duplicate-tool-result',
      'eligible-parts-copied',
      'orphan-approval-response',
      'orphan-tool-result',
      'pending-tool-approval',
      'tool-call-result-hidden',
      'tool-result-moved',
    ]);

    const parts: ContentPart[] = [];
    for (const message of messages) {
      if (typeof message.content !== 'string' && Array.isArray(message.content)) {
        parts.push(...message.content);
      }
    }
    const partTypes = new Set(parts.map((part) => part.type));
    expect(partTypes).toEqual(
      new Set([
        'text',
        'reasoning',
        'image',
        'file',
        'tool-call',
        'tool-result',
        'tool-approval-request',
        'tool-approval-response',
      ]),
    );
    const longResults = parts.filter(
      (part) =>
        part.type === 'tool-result' &&
        part.output.type === 'text' &&
        part.output.value.length > LONG_TOOL_RESULT_CHARS,
    );
    expect(longResults.length).toBeGreaterThan(0);
    expect(
      histories.some((events) => events.some((event) => event.type === 'ToolResultsPruned')),
    ).toBe(true);
  });
});
