import type {
  CompactBoundaryContent,
  RuntimeMessage,
  ToolApprovalResponsePart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '@agent-ledger/messages';

/**
 * What becomes of one tool call of a tool round. Well-formed: `answered`, `approved` (then
 * answered), `denied-recorded` (its `execution-denied` result recorded). Faults and open ends:
 * `dangling` (no result), `denied` (refused, no result), `approved-pending` (approved, not run
 * yet), `unanswered` (approval asked, no answer), `hidden-result` (its result recorded with
 * `eligibleForModelContext: false`), `early-result` (its result recorded before the call).
 */
export type ToolFate =
  | 'answered'
  | 'approved'
  | 'denied-recorded'
  | 'dangling'
  | 'denied'
  | 'approved-pending'
  | 'unanswered'
  | 'hidden-result'
  | 'early-result';

/** One tool call of a planned tool round. */
export interface PlannedCall {
  part: ToolCallPart;
  fate: ToolFate;
  output: ToolResultOutput;
  /** False: the result is recorded by `toolCallId` alone, as the seed does. */
  recordToolName: boolean;
  denialReason: string | undefined;
}

/** One planned step of a generated session history; ids and times are assigned when it is built. */
export type Step =
  | { step: 'message'; message: RuntimeMessage }
  | {
      step: 'tools';
      calls: PlannedCall[];
      groupResults: boolean;
      /** A result for no call, recorded among this round's results (faults only). */
      strayResult: ToolResultPart | undefined;
      /** The call message is recorded with `eligibleForModelContext: false` (faults only). */
      hideCalls: boolean;
    }
  | { step: 'compaction'; boundary: CompactBoundaryContent; summary: string }
  | { step: 'prune'; picks: number[]; reason: string }
  | { step: 'handoff'; toAgent: string; summary: string; reason: string | undefined }
  | { step: 'orphan-result'; part: ToolResultPart }
  | { step: 'orphan-approval-response'; part: ToolApprovalResponsePart }
  | { step: 'duplicate'; pick: number; identical: boolean };
