import fc from 'fast-check';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { isMessageEventType } from './is-message-event-type';
import { normalizeSessionEvents } from './normalize-session-events';
import type { Repair } from './repair';

const eligible = (message: RuntimeMessage): boolean =>
  message.metadata?.eligibleForModelContext !== false;

/** Ids a repair says are messages of the output. */
const namedIds = (repair: Repair): string[] => [
  ...('messageId' in repair ? [repair.messageId] : []),
  ...('syntheticMessageId' in repair && repair.syntheticMessageId !== undefined
    ? [repair.syntheticMessageId]
    : []),
  ...('renamedTo' in repair && repair.renamedTo !== undefined ? [repair.renamedTo] : []),
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('normalizeSessionEvents, for every history', () => {
  const histories = arbitrarySessionHistory();

  it('never throws, never changes its input, and gives the same output twice', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        deepFreeze(events);
        const first = normalizeSessionEvents(events, { repairDanglingToolCalls });
        expect(normalizeSessionEvents(events, { repairDanglingToolCalls })).toEqual(first);
      }),
    );
  });

  it('gives unique message ids', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const ids = normalizeSessionEvents(events).messages.map((message) => message.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('keeps every recorded message but retried copies, and reports every synthetic one', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { messages, repairs } = normalizeSessionEvents(events);
        const recorded = events.filter((event) => isMessageEventType(event.type)).length;
        const dropped = repairs.filter(
          (repair) => repair.type === 'duplicate-message-id' && repair.renamedTo === undefined,
        ).length;
        const synthetic = repairs.flatMap((repair) =>
          'syntheticMessageId' in repair && repair.syntheticMessageId !== undefined
            ? [repair.syntheticMessageId]
            : [],
        );
        expect(messages.length).toBe(recorded - dropped + synthetic.length);
      }),
    );
  });

  it('answers every eligible tool call exactly once, after it, and leaves no eligible orphan', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const modelMessages = normalizeSessionEvents(events).messages.filter(eligible);
        const calls: string[] = [];
        const results = new Map<string, number>();
        for (const message of modelMessages) {
          if (message.kind === 'tool_call')
            calls.push(...message.content.map((part) => part.toolCallId));
          if (message.kind !== 'tool_result') continue;
          for (const part of message.content) {
            expect(calls).toContain(part.toolCallId);
            results.set(part.toolCallId, (results.get(part.toolCallId) ?? 0) + 1);
          }
        }
        expect(new Set(calls).size).toBe(calls.length);
        expect(calls.map((toolCallId) => results.get(toolCallId))).toEqual(calls.map(() => 1));
      }),
    );
  });

  it('names only real messages in its repairs', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        const { messages, repairs } = normalizeSessionEvents(events, { repairDanglingToolCalls });
        const ids = new Set(messages.map((message) => message.id));
        for (const repair of repairs) {
          for (const id of namedIds(repair)) expect(ids).toContain(id);
          expect(repair.detail).not.toBe('');
        }
      }),
    );
  });

  it('inserts nothing when repair of dangling calls is off', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { messages } = normalizeSessionEvents(events, { repairDanglingToolCalls: false });
        const inserted = messages.filter(
          (message) =>
            message.metadata?.synthetic === true && message.metadata.visibleInTranscript !== false,
        );
        expect(inserted).toEqual([]);
      }),
    );
  });

  it('leaves well-formed histories as recorded, apart from pruning marks and tool names', () => {
    fc.assert(
      fc.property(arbitrarySessionHistory({ faults: false }), (events) => {
        const { messages, repairs } = normalizeSessionEvents(events);
        expect(repairs).toEqual([]);
        const recordedIds = events.flatMap((event) =>
          isMessageEventType(event.type) && 'id' in event.data ? [event.data.id] : [],
        );
        expect(messages.map((message) => message.id)).toEqual(recordedIds);
      }),
    );
  });
});
