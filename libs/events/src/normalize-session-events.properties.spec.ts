import fc from 'fast-check';
import { freezeDeep, type RuntimeMessage } from '@agent-ledger/messages';
import { arbitrarySessionHistory } from '@agent-ledger/testing';
import { isMessageEventType } from './is-message-event-type';
import type { SessionEvent } from './session-event';
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
  ...('callMessageId' in repair ? [repair.callMessageId] : []),
  ...('resultMessageId' in repair ? [repair.resultMessageId] : []),
];

/** Ids of the messages normalization made that copy recorded parts (eligible parts, moved results). */
const copyIds = (repairs: readonly Repair[]): Set<string> =>
  new Set(
    repairs.flatMap((repair) =>
      repair.type === 'eligible-parts-copied' ||
      repair.type === 'tool-result-moved' ||
      (repair.type === 'tool-call-result-hidden' && repair.syntheticMessageId !== undefined)
        ? [repair.syntheticMessageId ?? '']
        : [],
    ),
  );

/** Tool results normalization invented: synthetic, and no copy of anything recorded. */
const inventedResults = (messages: readonly RuntimeMessage[], repairs: readonly Repair[]) => {
  const copies = copyIds(repairs);
  return messages.filter(
    (message) =>
      message.kind === 'tool_result' &&
      message.metadata?.synthetic === true &&
      !copies.has(message.id),
  );
};

/** Every tool-result part the log records, whatever its eligibility or place. */
const recordedResultIds = (events: readonly SessionEvent[]): Set<string> =>
  new Set(
    events.flatMap((event) =>
      event.type === 'ToolResultRecorded' ? event.data.content.map((part) => part.toolCallId) : [],
    ),
  );

/** Tool call ids whose approval was asked and never refused (unanswered or granted). */
const pendingApprovalIds = (events: readonly SessionEvent[]): Set<string> => {
  const asked = new Map<string, string>();
  const refused = new Set<string>();
  for (const event of events) {
    if (event.type === 'ToolApprovalRequested') {
      for (const part of event.data.content) asked.set(part.approvalId, part.toolCallId);
    }
    if (event.type === 'ToolApprovalResponded') {
      for (const part of event.data.content) {
        const toolCallId = asked.get(part.approvalId);
        if (!part.approved && toolCallId !== undefined) refused.add(toolCallId);
      }
    }
  }
  return new Set([...asked.values()].filter((toolCallId) => !refused.has(toolCallId)));
};

const resultIdsOf = (message: RuntimeMessage): string[] =>
  message.kind === 'tool_result' ? message.content.map((part) => part.toolCallId) : [];

describe('normalizeSessionEvents, for every history', () => {
  const histories = arbitrarySessionHistory();

  it('never throws, never changes its input, and gives the same output twice', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        freezeDeep(events);
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

  it('keeps every recorded message but retried copies, and reports every message it adds', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        const { messages, repairs } = normalizeSessionEvents(events, { repairDanglingToolCalls });
        const recorded = events.filter((event) => isMessageEventType(event.type)).length;
        const dropped = repairs.filter(
          (repair) => repair.type === 'duplicate-message-id' && repair.renamedTo === undefined,
        ).length;
        const added = new Set(
          repairs.flatMap((repair) =>
            'syntheticMessageId' in repair && repair.syntheticMessageId !== undefined
              ? [repair.syntheticMessageId]
              : [],
          ),
        );
        expect(messages.length).toBe(recorded - dropped + added.size);
        for (const message of messages.filter((candidate) => added.has(candidate.id))) {
          expect(message.metadata).toMatchObject({ synthetic: true, visibleInTranscript: false });
        }
      }),
    );
  });

  it('answers every eligible tool call exactly once, after it, but a pending one, and leaves no eligible orphan', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { messages, repairs } = normalizeSessionEvents(events);
        const pending = new Set(
          repairs.flatMap((repair) =>
            repair.type === 'pending-tool-approval' ? [repair.toolCallId] : [],
          ),
        );
        const calls: string[] = [];
        const results = new Map<string, number>();
        for (const message of messages.filter(eligible)) {
          if (message.kind === 'tool_call')
            calls.push(...message.content.map((part) => part.toolCallId));
          for (const toolCallId of resultIdsOf(message)) {
            expect(calls).toContain(toolCallId);
            results.set(toolCallId, (results.get(toolCallId) ?? 0) + 1);
          }
        }
        expect(new Set(calls).size).toBe(calls.length);
        expect(calls.map((toolCallId) => results.get(toolCallId))).toEqual(
          calls.map((toolCallId) => (pending.has(toolCallId) ? undefined : 1)),
        );
      }),
    );
  });

  it('invents a result only for a call that has none anywhere in the log, and reports it', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { messages, repairs } = normalizeSessionEvents(events);
        const recorded = recordedResultIds(events);
        for (const invented of inventedResults(messages, repairs)) {
          expect(invented.metadata).toMatchObject({ synthetic: true, visibleInTranscript: false });
          for (const toolCallId of resultIdsOf(invented)) {
            expect(recorded.has(toolCallId)).toBe(false);
            expect(repairs).toContainEqual(
              expect.objectContaining({
                type: 'dangling-tool-call',
                toolCallId,
                syntheticMessageId: invented.id,
              }),
            );
          }
        }
      }),
    );
  });

  it('gives a call pending its approval no result, and says it is pending', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        const { messages, repairs } = normalizeSessionEvents(events, { repairDanglingToolCalls });
        const recorded = recordedResultIds(events);
        const pending = [...pendingApprovalIds(events)].filter((id) => !recorded.has(id));
        const answered = new Set(messages.flatMap(resultIdsOf));
        const eligibleCalls = new Set(
          messages
            .filter(eligible)
            .flatMap((message) =>
              message.kind === 'tool_call' ? message.content.map((part) => part.toolCallId) : [],
            ),
        );
        for (const toolCallId of pending) {
          expect(answered.has(toolCallId)).toBe(false);
          if (eligibleCalls.has(toolCallId)) {
            expect(repairs).toContainEqual(
              expect.objectContaining({ type: 'pending-tool-approval', toolCallId }),
            );
          }
        }
      }),
    );
  });

  it('copies recorded results as they were recorded, and keeps every recorded one where it was', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { messages, repairs } = normalizeSessionEvents(events);
        const moved = repairs.flatMap((repair) =>
          repair.type === 'tool-result-moved' ? [repair] : [],
        );
        for (const repair of moved) {
          const copy = messages.find((message) => message.id === repair.syntheticMessageId);
          const original = messages.find((message) => message.id === repair.messageId);
          const callIndex = messages.findIndex((message) => message.id === repair.callMessageId);
          const part = (message: RuntimeMessage | undefined) =>
            message?.kind === 'tool_result'
              ? message.content.find((candidate) => candidate.toolCallId === repair.toolCallId)
              : undefined;
          // The toolName may be filled in on the copy: its call is before it.
          const { toolName: _name, ...recorded } = part(original) ?? { toolName: undefined };
          expect(part(copy)).toMatchObject(recorded);
          expect(messages.indexOf(original ?? messages[0]!)).toBeLessThan(callIndex);
          expect(messages.indexOf(copy ?? messages[0]!)).toBeGreaterThan(callIndex);
          // Right after the call: only other copies made with it, or of it, come between.
          const between = messages.slice(callIndex + 1, messages.indexOf(copy ?? messages[0]!));
          expect(between.filter((message) => message.metadata?.synthetic !== true)).toEqual([]);
        }
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

  it('invents nothing when repair of dangling calls is off (the read models), and hides every synthetic message from the transcript', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (events, repairDanglingToolCalls) => {
        const { messages, repairs } = normalizeSessionEvents(events, { repairDanglingToolCalls });
        if (!repairDanglingToolCalls) expect(inventedResults(messages, repairs)).toEqual([]);
        const inTranscript = messages.filter(
          (message) => message.metadata?.visibleInTranscript !== false,
        );
        expect(inTranscript.filter((message) => message.metadata?.synthetic === true)).toEqual([]);
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
