import {
  handleSessionEvent,
  type SessionEvent,
  type SessionEventHandlers,
  type SessionStartedEvent,
} from '@agent-ledger/events';

/** What a fork starts from: the source, the revision, and what the source's first event says. */
export interface ForkSource {
  sessionId: string;
  revision: number;
  /** The source's data subject, carried to the fork. */
  subjectId?: string;
  agentName?: string;
}

/**
 * The events of a fork, appended at once to its new stream: a `SessionStarted` naming where it
 * was forked from (with the source's data subject), then copies of `carried` (the events the
 * source's model context at that revision is computed from, in log order), same types and data
 * but the new session's id. Left out: what is not content of the model context — the source's
 * `SessionStarted`, `SessionEnded` (the fork lives on), `SessionRewound` (the carried events are
 * already the current line), `ModelCallRecorded` (model calls stay the source's) and what
 * refers to them. Pure.
 */
export function forkSessionEvents(
  sessionId: string,
  source: ForkSource,
  carried: ReadonlyArray<SessionEvent>,
  startedAt: string,
): SessionEvent[] {
  const started: SessionStartedEvent = {
    type: 'SessionStarted',
    data: {
      sessionId,
      startedAt,
      ...(source.agentName === undefined ? {} : { agentName: source.agentName }),
      forkedFrom: { sessionId: source.sessionId, revision: source.revision },
      ...(source.subjectId === undefined ? {} : { subjectId: source.subjectId }),
    },
  };
  const copies = carried.flatMap((event) => handleSessionEvent(COPY, event, sessionId));
  return [started, ...copies];
}

/** What a fork copies of each kind of event: content of the model context, under the new id. */
const COPY: SessionEventHandlers<[sessionId: string], SessionEvent[]> = {
  SessionStarted: () => [],
  SessionEnded: () => [],
  SessionRewound: () => [],
  ModelCallRecorded: () => [],
  ContextOverflowRecovered: () => [],
  // Forks keep message ids: the artifact still stands for the messages before it, and the copies
  // it kept are still sent to its family only (without it, other providers got them twice).
  ProviderCompactionRecorded: (event, sessionId) => [
    { ...event, data: { ...event.data, sessionId } },
  ],
  ProviderContextEdited: () => [],
  // A fork's history is its runtime messages; the source's raw entries stay the source's.
  ClaudeCodeEntriesRecorded: () => [],
  ToolResultsPruned: (event, sessionId) => [{ ...event, data: { ...event.data, sessionId } }],
  MessageRecorded: (event, sessionId) => [
    { ...event, data: { ...event.data, sessionId } } as SessionEvent,
  ],
};
