import {
  currentLine,
  RevisionNotFoundError,
  type RevisionedEvent,
  type SessionRewoundEvent,
} from '@agent-ledger/events';
import type { SessionDecisionContext } from './session-command';
import { SessionRuleError } from './session-rule-error';

/** Where a rewind goes: a revision, or the revision at which a message was recorded. */
export type RewindTarget = { toRevision: number } | { toMessageId: string };

/** What a rewind decides: its event (none when the line already ends at the target) and what it undoes. */
export interface RewindDecision {
  /** Empty when nothing after the target is on the line (a retried rewind): nothing to append. */
  events: SessionRewoundEvent[];
  toRevision: number;
  /** Ids of the messages on the current line after the target, in log order: what the rewind undoes. */
  rewoundMessageIds: string[];
}

/**
 * Decides a rewind of a session whose whole stream is `events` (log order, up to its head): the
 * target must be on the session's current line (`currentLine`), else `RevisionRewound`; past the
 * head `RevisionNotFound`; `toMessageId` means the revision at which that message was recorded on
 * the line (the message stays, everything after it is undone). An ended session is not rewound.
 * Pure: the time comes in `context`.
 */
export function decideRewind(
  sessionId: string,
  events: ReadonlyArray<RevisionedEvent>,
  target: RewindTarget & { reason?: string },
  context: SessionDecisionContext,
): RewindDecision {
  const head = events.at(-1);
  if (head === undefined) {
    throw new SessionRuleError(
      'SessionNotFound',
      `Session "${sessionId}" does not exist, so there is nothing to rewind. A session starts with its first appended messages.`,
    );
  }
  const line = currentLine(events);
  if (line.some((logged) => logged.event.type === 'SessionEnded')) {
    throw new SessionRuleError(
      'SessionAlreadyEnded',
      `Session "${sessionId}" has ended; it cannot be rewound. Fork it (POST /v1/sessions/${sessionId}/forks) to go on from an earlier revision.`,
    );
  }
  const toRevision = targetRevision(sessionId, events, line, target, head.revision);
  const rewound = line.filter((logged) => logged.revision > toRevision);
  const rewoundMessageIds = rewound.flatMap(({ event }) =>
    'id' in event.data && typeof event.data.id === 'string' ? [event.data.id] : [],
  );
  if (rewound.every(({ event }) => event.type === 'SessionRewound')) {
    return { events: [], toRevision, rewoundMessageIds: [] };
  }
  return {
    events: [
      {
        type: 'SessionRewound',
        data: {
          sessionId,
          toRevision,
          fromRevision: head.revision,
          rewoundAt: context.now,
          ...(target.reason === undefined ? {} : { reason: target.reason }),
        },
      },
    ],
    toRevision,
    rewoundMessageIds,
  };
}

function targetRevision(
  sessionId: string,
  events: ReadonlyArray<RevisionedEvent>,
  line: ReadonlyArray<RevisionedEvent>,
  target: RewindTarget,
  headRevision: number,
): number {
  if ('toRevision' in target) {
    const { toRevision } = target;
    if (toRevision > headRevision) {
      throw new RevisionNotFoundError(sessionId, toRevision, headRevision);
    }
    if (!line.some((logged) => logged.revision === toRevision)) {
      throw rewoundRevision(sessionId, toRevision, 'revision');
    }
    return toRevision;
  }
  const { toMessageId } = target;
  const recordedAt = (logged: RevisionedEvent) =>
    'id' in logged.event.data && logged.event.data.id === toMessageId;
  const onLine = line.findLast(recordedAt);
  if (onLine !== undefined) return onLine.revision;
  const offLine = events.findLast(recordedAt);
  if (offLine !== undefined) {
    throw rewoundRevision(sessionId, offLine.revision, `message "${toMessageId}" (recorded at`);
  }
  throw new SessionRuleError(
    'UnknownMessage',
    `Session "${sessionId}" has no message "${toMessageId}"; toMessageId takes the id of a message recorded on the session's current line.`,
    { messageId: toMessageId, field: 'toMessageId' },
  );
}

function rewoundRevision(sessionId: string, revision: number, what: string): SessionRuleError {
  return new SessionRuleError(
    'RevisionRewound',
    `Session "${sessionId}": ${what} ${revision}${what === 'revision' ? '' : ')'} was undone by an earlier rewind; a rewind goes to a revision on the session's current line (the transcript marks the others "rewound"). Fork the session at that revision to go on from it.`,
    { field: 'toRevision' },
  );
}
