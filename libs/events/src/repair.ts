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
 * on a tool result from its call) is reported as one of these.
 *
 * Repairs about a message carry `messageId`, and every id a repair names (`messageId`,
 * `syntheticMessageId`, `renamedTo`) is the id of a message in the normalized output. The two
 * repairs about events (`unknown-prune-target`, `unknown-event-type`) name no message.
 */
export type Repair =
  /** A tool call had no result. `syntheticMessageId`: the result inserted for it (absent when repair was off). */
  | (RepairBase & {
      type: 'dangling-tool-call';
      messageId: string;
      toolCallId: string;
      syntheticMessageId?: string;
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
