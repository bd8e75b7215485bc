import type { RuntimeMessage, ToolResultMessage, ToolResultPart } from '@agent-ledger/messages';

/**
 * An eligible tool call the pairing step placed. `at` is where its caller keeps the call's
 * event (an event index in a replay, a stream place in the read models): the place its repairs
 * are reported at.
 */
export interface PlacedToolCall<At> {
  toolCallId: string;
  toolName: string;
  /** The eligible message holding the call: the recorded one, or its eligible-parts copy. */
  holderId: string;
  /** Index of the call among the holder's parts (calls of one event keep this order). */
  partIndex: number;
  at: At;
}

/**
 * What the approvals of a tool call came to: `requested` (no answer yet), `approved`, or
 * `denied` (with the reason of the first refusal). A refusal is final, and an answer beats a
 * request, whatever the order they were recorded in.
 */
export type ToolApprovalStatus =
  { status: 'requested' } | { status: 'approved' } | { status: 'denied'; reason?: string };

/** An eligible call still without an eligible result, with what the log says about it. */
export interface OpenToolCall<At> extends PlacedToolCall<At> {
  approval?: ToolApprovalStatus;
  /** The first result of the call recorded hidden from the model, when there is one. */
  hiddenResultMessageId?: string;
}

/** A message the pairing step places: the recorded one, or a copy it made of part of one. */
export interface PairedEntry {
  message: RuntimeMessage;
  /** For a copy (eligible parts, or a result moved after its call): the id of what it copies. */
  copyOf?: string;
}

/**
 * What the pairing step (`pairMessage`) remembers of a session so far, one call per question
 * it asks. Two implementations keep it: in memory for a replay (`normalizeSessionEvents`), and
 * in SQLite tables for the read models, so that both follow the very same rules. Every
 * `remember…` keeps the first value it is given for a key, but two: an approval id names the
 * call of its latest request, and answers fold into a call's {@link ToolApprovalStatus}.
 * `claimId` mints ids no message of the session has.
 */
export interface PairingState<At> {
  /** `undefined`: no eligible call used this id; else whether it still awaits its result. */
  toolCallState(toolCallId: string): 'open' | 'answered' | undefined;
  openToolCall(call: PlacedToolCall<At>): void;
  closeToolCall(toolCallId: string): void;
  /** Eligible calls still without an eligible result, in the order they were placed. */
  openToolCalls(): OpenToolCall<At>[];

  /** The tool call an approval request of this id was about. */
  approvalToolCallId(approvalId: string): string | undefined;
  rememberApprovalRequest(approvalId: string, toolCallId: string): void;
  /** Folds an answer into the call's {@link ToolApprovalStatus}. */
  rememberApprovalResponse(
    toolCallId: string,
    answer: { approved: boolean; reason?: string },
  ): void;

  /** Remembers a call or a result that the model will not see (recorded so, or hidden as unpaired). */
  rememberHiddenToolPart(kind: 'call' | 'result', toolCallId: string, messageId: string): void;
  /** The message holding the first such call or result of this id. */
  hiddenToolPart(kind: 'call' | 'result', toolCallId: string): string | undefined;

  /** Keeps a result that came before any call of its id, in case its call comes later. */
  rememberEarlyResult(toolCallId: string, message: ToolResultMessage, part: ToolResultPart): void;
  /**
   * Hands back (and forgets) the early result of this id: its part, and its message as it is
   * now (a pruning mark may have marked it since).
   */
  takeEarlyResult(
    toolCallId: string,
  ): { message: ToolResultMessage; part: ToolResultPart } | undefined;

  rememberToolName(toolCallId: string, toolName: string): void;
  /** The name of the first call placed with this id, eligible or not. */
  toolName(toolCallId: string): string | undefined;

  /** The first of `base`, `base#2`, `base#3`… that no message of the session has; it is then taken. */
  claimId(base: string): string;
}
