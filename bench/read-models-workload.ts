import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@agent-ledger/event-store';
import {
  SESSION_EVENT_SCHEMA_VERSION,
  messageRecorded,
  sessionStreamName,
  type SessionEvent,
} from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';

const TOOL_OUTPUT = 'export function login(user, password) { /* … */ }\n'.repeat(10);

/**
 * One agent turn of a session: a user input, a Read call, its result (`toolOutput`, ~500
 * characters by default), an answer. Message ids are `t<turn>-u|c|r|a`.
 */
export function turnEvents(
  sessionId: string,
  turn: number,
  toolOutput: string = TOOL_OUTPUT,
): SessionEvent[] {
  const createdAt = new Date(Date.UTC(2026, 3, 8, 9, 0, 0, turn)).toISOString();
  const base = (suffix: string) => ({ id: `t${turn}-${suffix}`, sessionId, createdAt });
  const messages: RuntimeMessage[] = [
    {
      ...base('u'),
      kind: 'user_input',
      role: 'user',
      content: `Step ${turn}: read the next file.`,
    },
    {
      ...base('c'),
      kind: 'tool_call',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `call-${turn}`,
          toolName: 'Read',
          input: { file_path: `src/file-${turn}.ts` },
        },
      ],
    },
    {
      ...base('r'),
      kind: 'tool_result',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `call-${turn}`,
          toolName: 'Read',
          output: { type: 'text', value: toolOutput },
        },
      ],
    },
    { ...base('a'), kind: 'assistant_text', role: 'assistant', content: `File ${turn} is fine.` },
  ];
  return messages.map(messageRecorded);
}

/** A compaction: the boundary and its summary. */
export function compactionEvents(sessionId: string, turn: number): SessionEvent[] {
  const createdAt = new Date(Date.UTC(2026, 3, 8, 9, 0, 0, turn)).toISOString();
  return [
    messageRecorded({
      id: `b${turn}`,
      sessionId,
      createdAt,
      kind: 'compact_boundary',
      role: 'system',
      content: { type: 'compact-boundary', trigger: 'auto' },
    }),
    messageRecorded({
      id: `b${turn}-summary`,
      sessionId,
      createdAt,
      kind: 'compact_summary',
      role: 'user',
      metadata: { summaryForBoundaryId: `b${turn}` },
      content: `Summary of the ${turn} steps so far.`,
    }),
  ];
}

/**
 * A session of exactly `total` events: `SessionStarted`, turns, and — when `boundaryFromEnd` is
 * given — a compaction placed that many events before the end (turns before and after it).
 */
export function sessionEvents(
  sessionId: string,
  total: number,
  boundaryFromEnd?: number,
): SessionEvent[] {
  const events: SessionEvent[] = [
    { type: 'SessionStarted', data: { sessionId, startedAt: '2026-04-08T09:00:00.000Z' } },
  ];
  const boundaryAt = boundaryFromEnd === undefined ? undefined : total - boundaryFromEnd;
  for (let turn = 0; events.length < total; turn += 1) {
    if (boundaryAt !== undefined && events.length >= boundaryAt - 4 && events.length < boundaryAt) {
      // Pad with user inputs so that the boundary lands exactly at `boundaryAt`.
      for (let pad = 0; events.length < boundaryAt; pad += 1) {
        events.push(
          messageRecorded({
            id: `pad-${pad}`,
            sessionId,
            createdAt: '2026-04-08T09:00:00.000Z',
            kind: 'user_input',
            role: 'user',
            content: 'And then?',
          }),
        );
      }
    }
    if (events.length === boundaryAt) events.push(...compactionEvents(sessionId, turn));
    events.push(...turnEvents(sessionId, turn));
  }
  return events.slice(0, total);
}

/** Appends events to a session's stream, 100 per append, as a runtime would turn by turn. */
export async function appendAll(
  store: EventStore,
  sessionId: string,
  events: readonly SessionEvent[],
): Promise<number> {
  let position = -1;
  for (let start = 0; start < events.length; start += 100) {
    const result = await store.append(
      sessionStreamName(sessionId),
      events.slice(start, start + 100).map(toAppend),
    );
    position = result.position;
  }
  return position;
}

export function toAppend(event: SessionEvent): EventToAppend {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: SESSION_EVENT_SCHEMA_VERSION },
  };
}
