import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { SqliteEventStore, type RecordedEvent } from '@agent-ledger/event-store';
import { sessionStreamName, validateSessionEventPayload } from '@agent-ledger/events';
import type {
  CompactBoundaryContent,
  FilePart,
  ImagePart,
  RuntimeMessage,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';
import { SessionRuleError, type SessionCommand } from '@agent-ledger/sessions';
import {
  arbitraryCompactBoundaryContent,
  arbitraryFilePart,
  arbitraryImagePart,
  arbitraryLongText,
  arbitraryRuntimeMessage,
  arbitraryText,
  arbitraryToolApprovalResponsePart,
  arbitraryToolCallPart,
  arbitraryToolResultOutput,
  arbitraryToolResultPart,
} from '@agent-ledger/testing';
// The server's own command loop (no NestJS in it): load, decide, append with the expected revision.
import {
  ProjectionRunner,
  computeSessionReadModels,
  createReadModelHandlers,
  openReadModelDatabase,
  readSessionReadModels,
} from '@agent-ledger/read-models';
import { SessionCommandRunner } from '@agent-ledger/session-commands';

/**
 * Issue 5's first "done when": for generated COMMAND sequences run through the real decider into
 * a real SQLite event store, the read models the runner maintains equal the pure projections of
 * the replayed streams, and again after they are dropped and rebuilt. Commands the decider
 * refuses are part of the sequence: they must leave nothing, in the log or in the read models.
 */

/** When a tool call's result (or an approval's response) is sent. */
type Timing = 'same-batch' | 'later' | 'never';

interface PlannedCall {
  /** Its `toolCallId` is replaced by one unique in the session. */
  part: ToolCallPart;
  result: Timing;
  output: ToolResultOutput;
  recordToolName: boolean;
  /** Its `approvalId` is replaced by one unique in the session. */
  approval: { response: Timing; part: ToolApprovalResponsePart } | undefined;
}

type Item =
  | { item: 'message'; message: RuntimeMessage }
  | { item: 'attachment'; text: string; attachment: ImagePart | FilePart }
  | { item: 'tools'; calls: PlannedCall[] };

type Step =
  | { step: 'append'; session: number; deliverPending: boolean; items: Item[] }
  | {
      step: 'compact';
      session: number;
      boundary: CompactBoundaryContent;
      summary: string;
      namesBoundary: boolean;
    }
  | { step: 'prune-ids'; session: number; picks: number[]; anyMessage: boolean }
  | { step: 'prune-policy'; session: number; keepLastUserTurns: number; minChars: number }
  | { step: 'handoff'; session: number; toAgent: string; summary: string }
  | { step: 'retry'; pick: number }
  | { step: 'conflict'; pick: number }
  | { step: 'orphan-result'; session: number; part: ToolResultPart }
  | { step: 'end'; session: number }
  | { step: 'catch-up' };

const timing = fc.constantFrom<Timing>('same-batch', 'same-batch', 'later', 'never');
const agentName = fc.constantFrom('main', 'planner', 'coder', 'reviewer');

const plannedCall: fc.Arbitrary<PlannedCall> = fc.record({
  part: arbitraryToolCallPart(),
  result: timing,
  output: fc.oneof(
    { arbitrary: arbitraryToolResultOutput, weight: 3 },
    { arbitrary: arbitraryLongText.map((value) => ({ type: 'text' as const, value })), weight: 1 },
  ),
  recordToolName: fc.boolean(),
  approval: fc.option(fc.record({ response: timing, part: arbitraryToolApprovalResponsePart }), {
    nil: undefined,
    freq: 3,
  }),
});

const item: fc.Arbitrary<Item> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(
        'user_input' as const,
        'assistant_text' as const,
        'assistant_reasoning' as const,
        'runtime_reminder' as const,
        'system_note' as const,
      )
      .chain((kind) => arbitraryRuntimeMessage(kind))
      .map((message) => ({ item: 'message' as const, message })),
    weight: 4,
  },
  {
    arbitrary: fc
      .record({ text: arbitraryText, attachment: fc.oneof(arbitraryImagePart, arbitraryFilePart) })
      .map((fields) => ({ item: 'attachment' as const, ...fields })),
    weight: 1,
  },
  {
    arbitrary: fc
      .array(plannedCall, { minLength: 1, maxLength: 3 })
      .map((calls) => ({ item: 'tools' as const, calls })),
    weight: 3,
  },
);

const session = fc.nat(2);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc
      .record({
        session,
        deliverPending: fc.boolean(),
        items: fc.array(item, { minLength: 1, maxLength: 4 }),
      })
      .map((fields) => ({ step: 'append' as const, ...fields })),
    weight: 20,
  },
  {
    arbitrary: fc
      .record({
        session,
        boundary: arbitraryCompactBoundaryContent,
        summary: arbitraryText,
        // Mostly a good compaction; sometimes a summary naming another boundary (refused).
        namesBoundary: fc.nat(4).map((roll) => roll > 0),
      })
      .map((fields) => ({ step: 'compact' as const, ...fields })),
    weight: 4,
  },
  {
    arbitrary: fc
      .record({
        session,
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        anyMessage: fc.boolean(),
      })
      .map((fields) => ({ step: 'prune-ids' as const, ...fields })),
    weight: 6,
  },
  {
    arbitrary: fc
      .record({
        session,
        keepLastUserTurns: fc.nat(2),
        minChars: fc.constantFrom(0, 20, 5_000),
      })
      .map((fields) => ({ step: 'prune-policy' as const, ...fields })),
    weight: 6,
  },
  {
    arbitrary: fc
      .record({ session, toAgent: agentName, summary: arbitraryText })
      .map((fields) => ({ step: 'handoff' as const, ...fields })),
    weight: 2,
  },
  { arbitrary: fc.nat().map((pick) => ({ step: 'retry' as const, pick })), weight: 4 },
  { arbitrary: fc.nat().map((pick) => ({ step: 'conflict' as const, pick })), weight: 2 },
  {
    arbitrary: fc
      .record({ session, part: arbitraryToolResultPart() })
      .map((fields) => ({ step: 'orphan-result' as const, ...fields })),
    weight: 2,
  },
  { arbitrary: session.map((index) => ({ step: 'end' as const, session: index })), weight: 1 },
  { arbitrary: fc.constant({ step: 'catch-up' as const }), weight: 2 },
);

/** What the sequence has issued in one session so far (ids count up per session: `m1`, `call_1`…). */
interface SessionPlan {
  id: string;
  messages: number;
  calls: number;
  approvals: number;
  agent: string;
  /** Results and approval responses held back for a later batch. */
  pending: RuntimeMessage[];
  messageIds: string[];
  resultIds: string[];
}

type PlannedCommand = SessionCommand | 'catch-up';

/** The commands the steps describe, in order (`'catch-up'`: let the runner catch up there). */
function buildCommands(steps: readonly Step[], sessionCount: number): PlannedCommand[] {
  let tick = 0;
  const createdAt = () => new Date(Date.UTC(2026, 3, 8, 9) + 1000 * tick++).toISOString();
  const sessions = Array.from({ length: sessionCount }, (_, index): SessionPlan => ({
    id: `s${index + 1}`,
    messages: 0,
    calls: 0,
    approvals: 0,
    agent: 'main',
    pending: [],
    messageIds: [],
    resultIds: [],
  }));
  const sessionOf = (index: number): SessionPlan => sessions[index % sessionCount]!;
  const base = (plan: SessionPlan) => {
    plan.messages += 1;
    const id = `m${plan.messages}`;
    plan.messageIds.push(id);
    return { id, sessionId: plan.id, createdAt: createdAt() };
  };
  const sent: SessionCommand[] = [];
  const planned: PlannedCommand[] = [];
  const send = (command: SessionCommand) => {
    sent.push(command);
    planned.push(command);
  };

  const toolRound = (plan: SessionPlan, calls: readonly PlannedCall[]): RuntimeMessage[] => {
    const ids = calls.map(() => `call_${(plan.calls += 1)}`);
    const batch: RuntimeMessage[] = [
      {
        ...base(plan),
        kind: 'tool_call',
        role: 'assistant',
        content: calls.map((call, index) => ({ ...call.part, toolCallId: ids[index]! })),
      },
    ];
    const later: RuntimeMessage[] = [];
    const place = (when: Timing, message: RuntimeMessage) => {
      if (when === 'same-batch') batch.push(message);
      if (when === 'later') later.push(message);
    };
    calls.forEach((call, index) => {
      if (call.approval === undefined) return;
      const approvalId = `approval_${(plan.approvals += 1)}`;
      batch.push({
        ...base(plan),
        kind: 'tool_approval_request',
        role: 'assistant',
        content: [{ type: 'tool-approval-request', approvalId, toolCallId: ids[index]! }],
      });
      place(call.approval.response, {
        ...base(plan),
        kind: 'tool_approval_response',
        role: 'tool',
        content: [{ ...call.approval.part, approvalId }],
      });
    });
    calls.forEach((call, index) => {
      const result = base(plan);
      plan.resultIds.push(result.id);
      place(call.result, {
        ...result,
        kind: 'tool_result',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: ids[index]!,
            ...(call.recordToolName ? { toolName: call.part.toolName } : {}),
            output: call.output,
          },
        ],
      });
    });
    plan.pending.push(...later);
    return batch;
  };

  const itemMessages = (plan: SessionPlan, entry: Item): RuntimeMessage[] => {
    switch (entry.item) {
      case 'message':
        return [{ ...entry.message, ...base(plan) }];
      case 'attachment':
        return [
          {
            ...base(plan),
            kind: 'user_input',
            role: 'user',
            content: [{ type: 'text', text: entry.text }, entry.attachment],
          },
        ];
      case 'tools':
        return toolRound(plan, entry.calls);
      default: {
        const unreachable: never = entry;
        return unreachable;
      }
    }
  };

  for (const next of steps) {
    switch (next.step) {
      case 'append': {
        const plan = sessionOf(next.session);
        const messages = next.deliverPending ? plan.pending.splice(0) : [];
        for (const entry of next.items) messages.push(...itemMessages(plan, entry));
        send({ type: 'AppendMessages', sessionId: plan.id, messages });
        break;
      }
      case 'compact': {
        const plan = sessionOf(next.session);
        const boundary = base(plan);
        send({
          type: 'CompactSession',
          sessionId: plan.id,
          boundary: {
            ...boundary,
            kind: 'compact_boundary',
            role: 'system',
            content: next.boundary,
          },
          summary: {
            ...base(plan),
            kind: 'compact_summary',
            role: 'user',
            content: next.summary,
            metadata: { summaryForBoundaryId: next.namesBoundary ? boundary.id : 'elsewhere' },
          },
        });
        break;
      }
      case 'prune-ids': {
        const plan = sessionOf(next.session);
        const pool = next.anyMessage ? plan.messageIds : plan.resultIds;
        send({
          type: 'PruneToolResults',
          sessionId: plan.id,
          messageIds: next.picks.map((pick) => pool[pick % pool.length] ?? 'nowhere'),
        });
        break;
      }
      case 'prune-policy': {
        const { keepLastUserTurns, minChars } = next;
        const sessionId = sessionOf(next.session).id;
        send({ type: 'PruneToolResults', sessionId, policy: { keepLastUserTurns, minChars } });
        break;
      }
      case 'handoff': {
        const plan = sessionOf(next.session);
        send({
          type: 'HandoffSession',
          sessionId: plan.id,
          fromAgent: plan.agent,
          toAgent: next.toAgent,
          summary: next.summary,
          summaryMessageId: base(plan).id,
          switchNoteMessageId: base(plan).id,
        });
        plan.agent = next.toAgent;
        break;
      }
      case 'retry': {
        const earlier = sent[next.pick % Math.max(sent.length, 1)];
        if (earlier !== undefined) planned.push(earlier);
        break;
      }
      case 'conflict': {
        // Another message under an id already issued: refused if that id was recorded.
        const issued = sessions.flatMap((plan) =>
          plan.messageIds.map((id) => ({ id, sessionId: plan.id })),
        );
        const reused = issued[next.pick % Math.max(issued.length, 1)];
        if (reused === undefined) break;
        send({
          type: 'AppendMessages',
          sessionId: reused.sessionId,
          messages: [
            { ...reused, createdAt: createdAt(), kind: 'system_note', role: 'system', content: '' },
          ],
        });
        break;
      }
      case 'orphan-result': {
        const plan = sessionOf(next.session);
        send({
          type: 'AppendMessages',
          sessionId: plan.id,
          messages: [{ ...base(plan), kind: 'tool_result', role: 'tool', content: [next.part] }],
        });
        break;
      }
      case 'end':
        send({ type: 'EndSession', sessionId: sessionOf(next.session).id });
        break;
      case 'catch-up':
        planned.push('catch-up');
        break;
      default: {
        const unreachable: never = next;
        return unreachable;
      }
    }
  }
  return planned;
}

/** The ids of the messages a command records when accepted (a retried one: again the same). */
function commandMessageIds(command: SessionCommand): string[] {
  switch (command.type) {
    case 'AppendMessages':
      return command.messages.map((message) => message.id);
    case 'CompactSession':
      return [command.boundary.id, command.summary.id];
    case 'HandoffSession':
      return [command.summaryMessageId, command.switchNoteMessageId];
    case 'RecordModelCall':
      return command.responseMessages.flat().map((message) => message.id);
    case 'PruneToolResults':
    case 'EndSession':
    case 'RecordClaudeCodeEntries':
    case 'RecordOverflowRecovery':
      return [];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

async function sessionEvents(store: SqliteEventStore, sessionId: string) {
  const events: RecordedEvent[] = [];
  const stream = sessionStreamName(sessionId);
  if ((await store.getStreamRevision(stream)) === undefined) return events;
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
}

describe('read models after generated command sequences', () => {
  it('equal the pure projections of the replayed streams, caught up and after a rebuild; refused commands leave nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { minLength: 5, maxLength: 40, size: 'medium' }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        async (sessionCount, steps, batchSize, cacheSize) => {
          const folder = mkdtempSync(path.join(tmpdir(), 'read-models-commands-'));
          const store = new SqliteEventStore({
            path: path.join(folder, 'events.sqlite'),
            synchronous: 'normal',
            validatePayload: validateSessionEventPayload,
          });
          const db = openReadModelDatabase(path.join(folder, 'read-models.sqlite'));
          const runner = new ProjectionRunner({
            store,
            db,
            handlers: createReadModelHandlers(db),
            batchSize,
          });
          let tick = 0;
          // A cache smaller than the number of sessions makes the writer reload state from the log.
          const writer = new SessionCommandRunner(store, {
            cacheSize,
            clock: () => new Date(Date.UTC(2026, 3, 8, 12) + 1000 * tick++).toISOString(),
          });
          const sessionIds = Array.from({ length: sessionCount }, (_, index) => `s${index + 1}`);
          const recordedIds = new Map(sessionIds.map((id) => [id, new Set<string>()]));

          const expectReadModelsEqualReplay = async () => {
            for (const sessionId of sessionIds) {
              const stored = readSessionReadModels(db, sessionId);
              const events = await sessionEvents(store, sessionId);
              expect(stored).toEqual(computeSessionReadModels(sessionId, events));
              expect(stored.messages.map((message) => message.id).sort()).toEqual(
                [...recordedIds.get(sessionId)!].sort(),
              );
            }
          };

          try {
            for (const command of buildCommands(steps, sessionCount)) {
              if (command === 'catch-up') {
                await runner.catchUp();
                continue;
              }
              const stream = sessionStreamName(command.sessionId);
              const before = await store.getStreamRevision(stream);
              try {
                await writer.run(command);
              } catch (error) {
                if (!(error instanceof SessionRuleError)) throw error;
                expect(await store.getStreamRevision(stream)).toEqual(before);
                continue;
              }
              const ids = recordedIds.get(command.sessionId)!;
              for (const id of commandMessageIds(command)) ids.add(id);
            }
            await runner.catchUp();
            await expectReadModelsEqualReplay();
            await runner.rebuild();
            await expectReadModelsEqualReplay();
          } finally {
            await runner.stop();
            await store.close();
            db.close();
            rmSync(folder, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
