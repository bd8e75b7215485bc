import type { ModelCallEntry, StoredEvent } from '@agent-ledger/client';

/** A point of the session worth stopping at on the time-travel slider. */
export interface TimelinePoint {
  revision: number;
  kind:
    | 'turn'
    | 'model-call'
    | 'before-compaction'
    | 'after-compaction'
    | 'before-pruning'
    | 'after-pruning'
    | 'handoff';
  label: string;
  /** `model-call`: its 1-based number, as `model-context?call=N` takes it. */
  callNumber?: number;
}

/** One recorded model call (`ModelCallRecorded`), as the call tree shows it. */
export interface ModelCall {
  /** 1-based, in log order: `model-context?call=N`. */
  number: number;
  callId: string;
  revision: number;
  /** The revision of the context the call was made from, when the runtime said so. */
  contextRevision?: number;
  agentName?: string;
  provider?: string;
  modelId?: string;
  finishReason?: string;
  inputTokens?: number;
  outputTokens?: number;
  cachedInputTokens?: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheWriteTokens?: number;
  reasoningTokens?: number;
  /** The ledger's count of the context the call was sent, when the runtime recorded it. */
  estimatedInputTokens?: number;
  /** Milliseconds, where the runtime measured it. */
  latencyMs?: number;
  /** Where the provider reported it or the runtime sent it. */
  cost?: { amount: number; currency: string };
  /** The runtime messages of the step's own response messages. */
  messageIds: string[];
  recordedAt?: string;
}

/** The session's stream read as a timeline: its points and the revision of every message. */
export interface SessionTimeline {
  points: TimelinePoint[];
  /** Revision of the event that recorded each message id. */
  messageRevisions: Map<string, number>;
  lastRevision: number;
  /** The recorded model calls (from the raw events, or from `GET …/model-calls`). */
  calls: ModelCall[];
}

/**
 * Reads the raw events (`GET …/events`, in revision order) as the slider's stops: every user
 * turn and recorded model call at the revision of its event; every compaction and pruning twice,
 * just before it (the revision before its first event) and just after it (a compaction's summary
 * included: the boundary alone is a context no model ever saw); every hand-off. Events it does
 * not know are skipped: a newer server's event type is not an error here.
 */
export function sessionTimeline(events: readonly StoredEvent[]): SessionTimeline {
  const points: TimelinePoint[] = [];
  const messageRevisions = new Map<string, number>();
  const modelCalls: ModelCall[] = [];
  /** Compactions waiting for their summary: boundary id → the "just after" stop to move. */
  const awaitingSummary = new Map<string, TimelinePoint>();
  let turns = 0;
  let calls = 0;
  let lastRevision = -1;
  for (const event of events) {
    lastRevision = Math.max(lastRevision, event.revision);
    const data = asRecord(event.data);
    const id = data['id'];
    if (typeof id === 'string' && typeof data['kind'] === 'string') {
      messageRevisions.set(id, event.revision);
    }
    switch (event.type) {
      case 'UserInputRecorded':
        turns += 1;
        points.push({
          revision: event.revision,
          kind: 'turn',
          label: `Turn ${turns}: ${preview(data['content'])}`,
        });
        break;
      case 'ModelCallRecorded': {
        calls += 1;
        const model = [data['provider'], data['modelId']].filter(
          (part) => typeof part === 'string',
        );
        points.push({
          revision: event.revision,
          kind: 'model-call',
          label: `Model call ${calls}${model.length > 0 ? ` (${model.join(' ')})` : ''}`,
          callNumber: calls,
        });
        modelCalls.push(modelCallOf(calls, event.revision, data));
        break;
      }
      case 'CompactBoundaryRecorded': {
        const name = `compaction ${typeof id === 'string' ? id : ''}`.trim();
        points.push({
          revision: event.revision - 1,
          kind: 'before-compaction',
          label: `Just before the ${name}`,
        });
        const after: TimelinePoint = {
          revision: event.revision,
          kind: 'after-compaction',
          label: `Just after the ${name}`,
        };
        points.push(after);
        if (typeof id === 'string') awaitingSummary.set(id, after);
        break;
      }
      case 'CompactSummaryRecorded': {
        const boundaryId = asRecord(data['metadata'])['summaryForBoundaryId'];
        const after = typeof boundaryId === 'string' ? awaitingSummary.get(boundaryId) : undefined;
        if (after !== undefined) {
          after.revision = event.revision;
          awaitingSummary.delete(String(boundaryId));
        }
        break;
      }
      case 'ToolResultsPruned': {
        const ids = data['messageIds'];
        const count = Array.isArray(ids) ? ids.length : 0;
        const what = `pruning of ${count} tool result${count === 1 ? '' : 's'}`;
        points.push(
          {
            revision: event.revision - 1,
            kind: 'before-pruning',
            label: `Just before the ${what}`,
          },
          { revision: event.revision, kind: 'after-pruning', label: `Just after the ${what}` },
        );
        break;
      }
      case 'AgentSwitchNoteRecorded': {
        const content = asRecord(data['content']);
        points.push({
          revision: event.revision,
          kind: 'handoff',
          label: `Hand-off ${String(content['fromAgent'])} → ${String(content['toAgent'])}`,
        });
        break;
      }
      default:
        break;
    }
  }
  return { points, messageRevisions, lastRevision, calls: modelCalls };
}

function modelCallOf(number: number, revision: number, data: Record<string, unknown>): ModelCall {
  const usage = asRecord(data['usage']);
  const inputDetails = asRecord(usage['inputTokenDetails']);
  const outputDetails = asRecord(usage['outputTokenDetails']);
  const call: ModelCall = {
    number,
    callId: typeof data['callId'] === 'string' ? data['callId'] : `call ${number}`,
    revision,
    messageIds: Array.isArray(data['messageIds'])
      ? data['messageIds'].filter((id): id is string => typeof id === 'string')
      : [],
  };
  const text = (key: string): string | undefined =>
    typeof data[key] === 'string' ? data[key] : undefined;
  const count = (...values: unknown[]): number | undefined =>
    values.find((value): value is number => typeof value === 'number');
  const optional: { [Key in keyof ModelCall]?: ModelCall[Key] | undefined } = {
    contextRevision: count(data['contextRevision']),
    agentName: text('agentName'),
    provider: text('provider'),
    modelId: text('modelId'),
    finishReason: text('finishReason'),
    inputTokens: count(usage['inputTokens']),
    outputTokens: count(usage['outputTokens']),
    cachedInputTokens: count(inputDetails['cacheReadTokens'], usage['cachedInputTokens']),
    cacheWriteTokens: count(inputDetails['cacheWriteTokens']),
    reasoningTokens: count(outputDetails['reasoningTokens'], usage['reasoningTokens']),
    estimatedInputTokens: count(asRecord(data['contextTokens'])['input']),
    latencyMs: count(data['latencyMs']),
    cost: costOf(data['cost']),
    recordedAt: text('recordedAt'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(call, { [key]: value });
  }
  return call;
}

function costOf(value: unknown): ModelCall['cost'] {
  const cost = asRecord(value);
  const { amount, currency } = cost;
  return typeof amount === 'number' && typeof currency === 'string'
    ? { amount, currency }
    : undefined;
}

/** A call of `GET …/model-calls` as the call tree shows it (the same reading as of its event). */
export function modelCallOfEntry(entry: ModelCallEntry): ModelCall {
  return modelCallOf(entry.number, entry.revision, { ...entry });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function preview(content: unknown): string {
  const text = typeof content === 'string' ? content : JSON.stringify(content ?? '');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A search hit as the timeline reads it (`GET …/search?q=kind:…`). */
export interface TimelineHit {
  messageId: string;
  kind: string;
  revision: number;
  snippet: string;
}

/**
 * The timeline for a key without the `audit` scope, which may not read the raw events: turns,
 * compactions (before and after: the summary's hit says where its append ends) and hand-offs
 * from the session's search (each hit has its revision), and the recorded model calls
 * (`GET …/model-calls`, with their revisions; their response messages' revisions are the call's
 * or earlier). Prunings are not messages, so they are not among the stops.
 */
export function timelineFromSearch(
  hits: readonly TimelineHit[],
  calls: readonly ModelCall[],
  lastRevision: number,
): SessionTimeline {
  const sorted = [...hits].sort((a, b) => a.revision - b.revision);
  const points: TimelinePoint[] = [];
  const messageRevisions = new Map<string, number>();
  let turns = 0;
  for (const hit of sorted) {
    messageRevisions.set(hit.messageId, hit.revision);
    const text = hit.snippet.replace(/[«»]/g, '');
    if (hit.kind === 'user_input') {
      turns += 1;
      points.push({
        revision: hit.revision,
        kind: 'turn',
        label: `Turn ${turns}: ${preview(text)}`,
      });
    } else if (hit.kind === 'compact_boundary') {
      // The compaction's summary is in the same append, right after the boundary.
      const summary = sorted.find(
        (other) => other.kind === 'compact_summary' && other.revision > hit.revision,
      );
      points.push(
        {
          revision: hit.revision - 1,
          kind: 'before-compaction',
          label: `Just before the compaction ${hit.messageId}`,
        },
        {
          revision: summary?.revision ?? hit.revision,
          kind: 'after-compaction',
          label: `Just after the compaction ${hit.messageId}`,
        },
      );
    } else if (hit.kind === 'agent_switch_note') {
      points.push({ revision: hit.revision, kind: 'handoff', label: `Hand-off: ${preview(text)}` });
    }
  }
  for (const call of calls) {
    points.push({
      revision: call.revision,
      kind: 'model-call',
      label: `Model call ${call.number}${call.modelId === undefined ? '' : ` (${call.modelId})`}`,
      callNumber: call.number,
    });
  }
  points.sort((a, b) => a.revision - b.revision);
  return { points, messageRevisions, lastRevision, calls: [...calls] };
}
