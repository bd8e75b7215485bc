import type { StoredEvent } from '@agent-ledger/client';

/** A point of the session worth stopping at on the time-travel slider. */
export interface TimelinePoint {
  revision: number;
  kind: 'turn' | 'model-call' | 'compaction' | 'pruning' | 'handoff';
  label: string;
  /** `model-call`: its 1-based number, as `model-context?call=N` takes it. */
  callNumber?: number;
}

/** The session's stream read as a timeline: its points and the revision of every message. */
export interface SessionTimeline {
  points: TimelinePoint[];
  /** Revision of the event that recorded each message id. */
  messageRevisions: Map<string, number>;
  lastRevision: number;
}

/**
 * Reads the raw events (`GET …/events`, in revision order) as the slider's stops: every user
 * turn, recorded model call, compaction, pruning and hand-off, each at the revision of its event.
 * Events it does not know are skipped: a newer server's event type is not an error here.
 */
export function sessionTimeline(events: readonly StoredEvent[]): SessionTimeline {
  const points: TimelinePoint[] = [];
  const messageRevisions = new Map<string, number>();
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
        break;
      }
      case 'CompactBoundaryRecorded':
        points.push({
          revision: event.revision,
          kind: 'compaction',
          label: `Compaction ${typeof id === 'string' ? id : ''}`.trim(),
        });
        break;
      case 'ToolResultsPruned': {
        const ids = data['messageIds'];
        const count = Array.isArray(ids) ? ids.length : 0;
        points.push({
          revision: event.revision,
          kind: 'pruning',
          label: `Pruning of ${count} tool result${count === 1 ? '' : 's'}`,
        });
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
  return { points, messageRevisions, lastRevision };
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
 * compactions and hand-offs from the session's search (each hit has its revision), and the
 * recorded model calls by number only (`model-context?call=N` finds their revision). Prunings
 * are not messages, so they are not among the stops.
 */
export function timelineFromSearch(
  hits: readonly TimelineHit[],
  modelCalls: number,
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
      points.push({
        revision: hit.revision,
        kind: 'compaction',
        label: `Compaction ${hit.messageId}`,
      });
    } else if (hit.kind === 'agent_switch_note') {
      points.push({ revision: hit.revision, kind: 'handoff', label: `Hand-off: ${preview(text)}` });
    }
  }
  for (let call = 1; call <= modelCalls; call += 1) {
    points.push({
      revision: -1,
      kind: 'model-call',
      label: `Model call ${call}`,
      callNumber: call,
    });
  }
  return { points, messageRevisions, lastRevision };
}
