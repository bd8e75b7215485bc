import { messageRecorded, type SessionEvent } from '@agent-ledger/events';
import type { RuntimeMessage } from '@agent-ledger/messages';
import { handoffMessages } from './handoff-messages';
import { providerCompactionsOf } from './provider-compactions-of';
import { decideModelCall } from './decide-model-call';
import { decideOverflowRecovery } from './decide-overflow-recovery';
import type {
  CompactSession,
  EndSession,
  PruneToolResults,
  RecordClaudeCodeEntries,
  SessionCommand,
  SessionDecisionContext,
} from './session-command';
import { SessionRuleError } from './session-rule-error';
import { startingSession } from './starting-session';
import type { SessionState } from './session-state';
import { selectNewMessages } from './select-new-messages';
import { selectToolResultsToPrune } from './select-tool-results-to-prune';

/**
 * The session's decider: the events `command` produces given the session's `state`, or a thrown
 * `SessionRuleError` when it breaks a rule (then nothing is to be appended). Pure: the time comes
 * in `context`, ids with the command. An empty result means the command is already satisfied
 * (a retry, a pruning that selects nothing): success with nothing to append.
 */
export function decideSession(
  command: SessionCommand,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  switch (command.type) {
    case 'AppendMessages':
      requireNotEnded(command.sessionId, state);
      requireSameSubject(command.sessionId, command.subjectId, state);
      return recordMessages(command.sessionId, command.messages, state, context, command.subjectId);
    case 'CompactSession':
      return decideCompaction(command, state, context);
    case 'PruneToolResults':
      return decidePruning(command, state, context);
    case 'HandoffSession':
      requireActive(command.sessionId, state, 'hand off');
      return recordMessages(command.sessionId, handoffMessages(command, context), state, context);
    case 'EndSession':
      return decideEnd(command, state, context);
    case 'RecordModelCall':
      requireNotEnded(command.sessionId, state);
      requireSameSubject(command.sessionId, command.subjectId, state);
      return decideModelCall(command, state, context);
    case 'RecordClaudeCodeEntries':
      requireNotEnded(command.sessionId, state);
      requireSameSubject(command.sessionId, command.subjectId, state);
      return decideClaudeCodeEntries(command, state, context);
    case 'RecordOverflowRecovery':
      requireActive(command.sessionId, state, 'record an overflow recovery for');
      return decideOverflowRecovery(command, context);
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

function recordMessages(
  sessionId: string,
  messages: readonly RuntimeMessage[],
  state: SessionState,
  context: SessionDecisionContext,
  subjectId?: string,
): SessionEvent[] {
  const accepted = selectNewMessages(sessionId, messages, state);
  if (accepted.length === 0) return [];
  const events: SessionEvent[] = [
    ...accepted.map(messageRecorded),
    ...providerCompactionsOf(sessionId, accepted, state, {}, context.now),
  ];
  return startingSession(sessionId, events, state, context, subjectId);
}

function decideClaudeCodeEntries(
  command: RecordClaudeCodeEntries,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  if (command.entries.length === 0) return [];
  const { sessionId, projectKey, subpath, entries, blobs } = command;
  const event: SessionEvent = {
    type: 'ClaudeCodeEntriesRecorded',
    data: {
      sessionId,
      projectKey,
      ...(subpath === undefined ? {} : { subpath }),
      entries,
      ...(blobs === undefined || blobs.length === 0 ? {} : { blobs }),
      recordedAt: context.now,
    },
  };
  return startingSession(sessionId, [event], state, context, command.subjectId);
}

function decideCompaction(
  command: CompactSession,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  requireActive(command.sessionId, state, 'compact');
  const { boundary, summary } = command;
  if (summary.metadata?.summaryForBoundaryId !== boundary.id) {
    throw new SessionRuleError(
      'SummaryDoesNotNameBoundary',
      `Message "${summary.id}" (compact_summary): metadata.summaryForBoundaryId is ${JSON.stringify(summary.metadata?.summaryForBoundaryId ?? null)}, but the compaction's boundary is "${boundary.id}". The summary of a compaction names its boundary.`,
      { messageId: summary.id, field: 'metadata.summaryForBoundaryId' },
    );
  }
  return recordMessages(command.sessionId, [boundary, summary], state, context);
}

function decidePruning(
  command: PruneToolResults,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  requireActive(command.sessionId, state, 'prune');
  const messageIds = selectToolResultsToPrune(command, state);
  if (messageIds.length === 0) return [];
  const reason =
    command.reason ??
    ('policy' in command
      ? `tool results older than the last ${command.policy.keepLastUserTurns} user turns and longer than ${command.policy.minChars} characters`
      : 'pruned by request');
  return [
    {
      type: 'ToolResultsPruned',
      data: { sessionId: command.sessionId, messageIds, compactedAt: context.now, reason },
    },
  ];
}

function decideEnd(
  command: EndSession,
  state: SessionState,
  context: SessionDecisionContext,
): SessionEvent[] {
  if (state.status === 'new') throw sessionNotFound(command.sessionId, 'end');
  if (state.status === 'ended') return [];
  return [
    {
      type: 'SessionEnded',
      data: {
        sessionId: command.sessionId,
        endedAt: context.now,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
    },
  ];
}

function requireActive(sessionId: string, state: SessionState, action: string): void {
  if (state.status === 'new') throw sessionNotFound(sessionId, action);
  requireNotEnded(sessionId, state);
}

/**
 * A session holds one data subject's content: a command naming another subject than the one its
 * first append recorded is refused; naming the same one, or none, is fine.
 */
function requireSameSubject(
  sessionId: string,
  subjectId: string | undefined,
  state: SessionState,
): void {
  if (subjectId === undefined || state.status === 'new' || state.subjectId === subjectId) return;
  throw new SessionRuleError(
    'SubjectMismatch',
    `Session "${sessionId}" holds the content of data subject ${JSON.stringify(state.subjectId ?? null)}, but the request names subject ${JSON.stringify(subjectId)}. A session's subject is set by its first append and never changes: send the same subjectId, or none.`,
    { field: 'subjectId' },
  );
}

function requireNotEnded(sessionId: string, state: SessionState): void {
  if (state.status === 'ended') {
    throw new SessionRuleError(
      'SessionAlreadyEnded',
      `Session "${sessionId}" has ended; nothing more can be recorded in it. Start a new session.`,
    );
  }
}

function sessionNotFound(sessionId: string, action: string): SessionRuleError {
  return new SessionRuleError(
    'SessionNotFound',
    `Session "${sessionId}" does not exist, so there is nothing to ${action}. A session starts with its first appended messages.`,
  );
}
