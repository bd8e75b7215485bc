/** Fields every repair has. */
interface RepairBase {
  /** Index, in the events given to normalization, of the event the repair concerns. */
  eventIndex: number;
  /** What was wrong and what was done, for people. */
  detail: string;
}

/**
 * Something normalization found wrong in a session's log and what it did about it. Nothing is
 * repaired silently: every change to the recorded facts (other than filling a missing `toolName`
 * on a tool result from its call) is reported as one of these, and so is a call deliberately
 * left without a result (`pending-tool-approval`). No repair claims what the log does not say.
 *
 * Repairs about a message carry `messageId`, and every id a repair names (`messageId`,
 * `syntheticMessageId`, `renamedTo`, `callMessageId`, `resultMessageId`) is the id of a message
 * in the normalized output. The two
 * repairs about events (`unknown-prune-target`, `unknown-event-type`) name no message.
 */
export type Repair =
  /**
   * A tool call had no result anywhere in the log (none before it, none after it, eligible or
   * not), or only a refused approval. `syntheticMessageId`: the result inserted for it, "No result
   * was recorded" or `execution-denied` (absent when repair was off).
   */
  | (RepairBase & {
      type: 'dangling-tool-call';
      messageId: string;
      toolCallId: string;
      syntheticMessageId?: string;
    })
  /**
   * A tool result was recorded before its call (`messageId`, hidden from the model where it
   * stands, and first reported as an orphan); when the call (in `callMessageId`) came,
   * `syntheticMessageId`, a copy of the recorded result, was placed right after it for the model
   * (hidden from the transcript, which shows the result once, where it was recorded).
   */
  | (RepairBase & {
      type: 'tool-result-moved';
      messageId: string;
      toolCallId: string;
      callMessageId: string;
      syntheticMessageId: string;
    })
  /**
   * A tool call's only result (`resultMessageId`) was recorded hidden from the model
   * (`eligibleForModelContext: false`, or answering a call recorded hidden): with repair on, the
   * call is hidden from the model too, so that both are left out together, and
   * `syntheticMessageId`, when present, is the eligible copy of the message's other calls.
   */
  | (RepairBase & {
      type: 'tool-call-result-hidden';
      messageId: string;
      toolCallId: string;
      resultMessageId: string;
      syntheticMessageId?: string;
    })
  /**
   * Not a change, a note: a tool call with no result whose approval is unanswered, or granted
   * (`approved: true`, the call has not run yet). It is pending, so no result is added; with the
   * AI SDK, `generateText` itself runs an approved call the prompt leaves without a result.
   */
  | (RepairBase & {
      type: 'pending-tool-approval';
      messageId: string;
      toolCallId: string;
      approved: boolean;
    })
  /** A tool result came with no eligible call before it; its message was hidden from the model. */
  | (RepairBase & { type: 'orphan-tool-result'; messageId: string; toolCallId: string })
  /** A second result for a call already answered; its message was hidden from the model. */
  | (RepairBase & { type: 'duplicate-tool-result'; messageId: string; toolCallId: string })
  /** A tool call reused the id of an earlier call; its message was hidden from the model. */
  | (RepairBase & { type: 'duplicate-tool-call-id'; messageId: string; toolCallId: string })
  /** An approval response answered no earlier request; its message was hidden from the model. */
  | (RepairBase & { type: 'orphan-approval-response'; messageId: string; approvalId: string })
  /**
   * A message id was recorded twice. Identical content (a retried append): the later copy was
   * dropped. Different content: the later message was kept under `renamedTo` (`<id>#2`).
   */
  | (RepairBase & { type: 'duplicate-message-id'; messageId: string; renamedTo?: string })
  /**
   * A message held both parts the model may see and parts it must not (an orphan result beside
   * a good one): it was hidden from the model, and a copy holding only the good parts,
   * `syntheticMessageId`, was added for the model (hidden from the transcript).
   */
  | (RepairBase & { type: 'eligible-parts-copied'; messageId: string; syntheticMessageId: string })
  /** A pruning mark named a message that is not a tool result; it was not marked. */
  | (RepairBase & { type: 'prune-target-not-tool-result'; messageId: string })
  /** A pruning mark named an id no earlier message has. */
  | (RepairBase & { type: 'unknown-prune-target'; targetMessageId: string })
  /** An event of a type this code does not know (a newer writer); it was skipped. */
  | (RepairBase & { type: 'unknown-event-type'; eventType: string });

/** The kinds of repair. */
export type RepairType = Repair['type'];

type WithoutEventIndex<T> = T extends unknown ? Omit<T, 'eventIndex'> : never;

/**
 * A repair as the single-event fold step finds it, before its caller places it in the log (by
 * `eventIndex` in a replay, by stream revision in the read models).
 */
export type RepairFinding = WithoutEventIndex<Repair>;
