import type { RuntimeMessage } from '@agent-ledger/messages';
import { initialSessionState } from './initial-session-state';
import { acceptedMessageFingerprint, messageFingerprint } from './message-fingerprint';
import { recordMessage } from './record-message';
import { SessionRuleError } from './session-rule-error';
import type { SessionState } from './session-state';

type IdCollection = ReadonlySet<string> | ReadonlyMap<string, unknown>;

/**
 * Checks a batch against the session's rules, in order, and returns the messages to record:
 * those not recorded yet. A message already recorded with the same content (a retry) is left out;
 * with another content it is a conflict. A message may refer to one earlier in the same batch
 * (a tool call and its result in one turn). Throws `SessionRuleError` on the first broken rule.
 * Never mutates `state`.
 */
export function selectNewMessages(
  sessionId: string,
  messages: readonly RuntimeMessage[],
  state: SessionState,
): RuntimeMessage[] {
  // What the batch adds so far, checked together with the state without touching it.
  const batch = initialSessionState();
  const known = (pick: (layer: SessionState) => IdCollection, key: string): boolean =>
    pick(state).has(key) || pick(batch).has(key);
  const accepted: RuntimeMessage[] = [];

  for (const message of messages) {
    const where = `Message "${message.id}" (${message.kind})`;
    if (message.sessionId !== sessionId) {
      throw new SessionRuleError(
        'SessionIdMismatch',
        `${where}: sessionId is "${message.sessionId}", but it is sent to session "${sessionId}". A message must carry the id of the session it is appended to.`,
        { messageId: message.id, field: 'sessionId' },
      );
    }
    const recorded =
      state.messageFingerprints.get(message.id) ?? batch.messageFingerprints.get(message.id);
    if (recorded !== undefined) {
      if (recorded === messageFingerprint(message)) continue;
      throw new SessionRuleError(
        'DuplicateMessageId',
        `${where}: id "${message.id}" is already recorded in session "${sessionId}" with different content. Message ids are unique in a session; re-send a message only unchanged (a retry), or give a new message a new id.`,
        { messageId: message.id, field: 'id' },
      );
    }
    checkReferences(message, where, known);
    accepted.push(message);
    acceptedMessageFingerprint(message);
    recordMessage(batch, message);
  }
  return accepted;
}

function checkReferences(
  message: RuntimeMessage,
  where: string,
  known: (pick: (layer: SessionState) => IdCollection, key: string) => boolean,
): void {
  const messageId = message.id;
  switch (message.kind) {
    case 'tool_call': {
      const seen = new Set<string>();
      message.content.forEach((part, index) => {
        if (seen.has(part.toolCallId) || known((layer) => layer.toolCallIds, part.toolCallId)) {
          throw new SessionRuleError(
            'DuplicateToolCallId',
            `${where}: content[${index}].toolCallId "${part.toolCallId}" is already used by another tool call of this session. Tool call ids are unique in a session.`,
            { messageId, field: `content[${index}].toolCallId` },
          );
        }
        seen.add(part.toolCallId);
      });
      return;
    }
    case 'tool_result': {
      const seen = new Set<string>();
      message.content.forEach((part, index) => {
        const field = `content[${index}].toolCallId`;
        if (!known((layer) => layer.toolCallIds, part.toolCallId)) {
          throw new SessionRuleError(
            'UnknownToolCall',
            `${where}: ${field} "${part.toolCallId}" answers no tool call of this session. Record the tool_call message first (earlier, or before this result in the same batch).`,
            { messageId, field },
          );
        }
        if (
          seen.has(part.toolCallId) ||
          known((layer) => layer.answeredToolCallIds, part.toolCallId)
        ) {
          throw new SessionRuleError(
            'ToolCallAlreadyAnswered',
            `${where}: ${field} "${part.toolCallId}" already has a result. A tool call is answered once.`,
            { messageId, field },
          );
        }
        seen.add(part.toolCallId);
      });
      return;
    }
    case 'tool_approval_request': {
      const seen = new Set<string>();
      message.content.forEach((part, index) => {
        if (seen.has(part.approvalId) || known((layer) => layer.approvalIds, part.approvalId)) {
          throw new SessionRuleError(
            'DuplicateApprovalId',
            `${where}: content[${index}].approvalId "${part.approvalId}" is already used by another approval request of this session. Approval ids are unique in a session.`,
            { messageId, field: `content[${index}].approvalId` },
          );
        }
        if (!known((layer) => layer.toolCallIds, part.toolCallId)) {
          throw new SessionRuleError(
            'UnknownToolCall',
            `${where}: content[${index}].toolCallId "${part.toolCallId}" names no tool call of this session. Record the tool_call message before asking to approve it.`,
            { messageId, field: `content[${index}].toolCallId` },
          );
        }
        seen.add(part.approvalId);
      });
      return;
    }
    case 'tool_approval_response': {
      const seen = new Set<string>();
      message.content.forEach((part, index) => {
        const field = `content[${index}].approvalId`;
        if (!known((layer) => layer.approvalIds, part.approvalId)) {
          throw new SessionRuleError(
            'UnknownApprovalRequest',
            `${where}: ${field} "${part.approvalId}" answers no approval request of this session. Record the tool_approval_request message first.`,
            { messageId, field },
          );
        }
        if (
          seen.has(part.approvalId) ||
          known((layer) => layer.answeredApprovalIds, part.approvalId)
        ) {
          throw new SessionRuleError(
            'ApprovalAlreadyAnswered',
            `${where}: ${field} "${part.approvalId}" was already answered. An approval request is answered once.`,
            { messageId, field },
          );
        }
        seen.add(part.approvalId);
      });
      return;
    }
    case 'compact_summary': {
      const field = 'metadata.summaryForBoundaryId';
      const boundaryId = message.metadata?.summaryForBoundaryId;
      if (boundaryId === undefined) {
        throw new SessionRuleError(
          'UnknownCompactBoundary',
          `${where}: ${field} is missing. A compact summary names the compact_boundary it summarizes.`,
          { messageId, field },
        );
      }
      if (!known((layer) => layer.boundaryIds, boundaryId)) {
        throw new SessionRuleError(
          'UnknownCompactBoundary',
          `${where}: ${field} "${boundaryId}" names no compact_boundary of this session. Record the boundary first (or use a compaction, which writes both).`,
          { messageId, field },
        );
      }
      if (known((layer) => layer.summarizedBoundaryIds, boundaryId)) {
        throw new SessionRuleError(
          'BoundaryAlreadySummarized',
          `${where}: ${field} "${boundaryId}" already has a compact summary. A boundary has one summary; compact again to summarize anew.`,
          { messageId, field },
        );
      }
      return;
    }
    case 'compact_boundary': {
      const retained = message.content.retainFromMessageId;
      if (retained !== undefined && !known((layer) => layer.messageFingerprints, retained)) {
        throw new SessionRuleError(
          'UnknownRetainedMessage',
          `${where}: content.retainFromMessageId "${retained}" names no earlier message of this session. A compaction keeps recent turns from a message recorded before its boundary (the first message of the turns to keep).`,
          { messageId, field: 'content.retainFromMessageId' },
        );
      }
      return;
    }
    case 'system_note':
    case 'user_input':
    case 'assistant_text':
    case 'assistant_reasoning':
    case 'runtime_reminder':
    case 'handoff_summary':
    case 'agent_switch_note':
      return;
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
