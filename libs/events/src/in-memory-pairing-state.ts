import type { ToolResultMessage, ToolResultPart } from '@agent-ledger/messages';
import { claimUniqueId } from './logged-message';
import type {
  OpenToolCall,
  PairingState,
  PlacedToolCall,
  ToolApprovalStatus,
} from './pairing-state';

/**
 * The {@link PairingState} of one replay, in memory. `At` is whatever the replay places its
 * repairs by (normalization: the event index). `takenIds` holds every id the fold placed (the
 * whole log's), so that minted ids collide with none, even of a later message; minted ids join it.
 */
export class InMemoryPairingState<At> implements PairingState<At> {
  private readonly calls = new Map<string, { call: PlacedToolCall<At>; open: boolean }>();
  private readonly toolCallIdOfApproval = new Map<string, string>();
  private readonly approvals = new Map<string, ToolApprovalStatus>();
  private readonly hidden = { call: new Map<string, string>(), result: new Map<string, string>() };
  private readonly earlyResults = new Map<
    string,
    { message: ToolResultMessage; part: ToolResultPart }
  >();
  private readonly toolNames = new Map<string, string>();

  constructor(private readonly takenIds: Set<string>) {}

  toolCallState(toolCallId: string): 'open' | 'answered' | undefined {
    const known = this.calls.get(toolCallId);
    if (known === undefined) return undefined;
    return known.open ? 'open' : 'answered';
  }

  openToolCall(call: PlacedToolCall<At>): void {
    if (!this.calls.has(call.toolCallId)) this.calls.set(call.toolCallId, { call, open: true });
  }

  closeToolCall(toolCallId: string): void {
    const known = this.calls.get(toolCallId);
    if (known !== undefined) known.open = false;
  }

  openToolCalls(): OpenToolCall<At>[] {
    return [...this.calls.values()].flatMap(({ call, open }) => {
      if (!open) return [];
      const approval = this.approvals.get(call.toolCallId);
      const hiddenResult = this.hidden.result.get(call.toolCallId);
      return [
        {
          ...call,
          ...(approval === undefined ? {} : { approval }),
          ...(hiddenResult === undefined ? {} : { hiddenResultMessageId: hiddenResult }),
        },
      ];
    });
  }

  approvalToolCallId(approvalId: string): string | undefined {
    return this.toolCallIdOfApproval.get(approvalId);
  }

  rememberApprovalRequest(approvalId: string, toolCallId: string): void {
    this.toolCallIdOfApproval.set(approvalId, toolCallId);
    if (!this.approvals.has(toolCallId)) this.approvals.set(toolCallId, { status: 'requested' });
  }

  rememberApprovalResponse(
    toolCallId: string,
    answer: { approved: boolean; reason?: string },
  ): void {
    if (this.approvals.get(toolCallId)?.status === 'denied') return;
    this.approvals.set(
      toolCallId,
      answer.approved
        ? { status: 'approved' }
        : answer.reason === undefined
          ? { status: 'denied' }
          : { status: 'denied', reason: answer.reason },
    );
  }

  rememberHiddenToolPart(kind: 'call' | 'result', toolCallId: string, messageId: string): void {
    if (!this.hidden[kind].has(toolCallId)) this.hidden[kind].set(toolCallId, messageId);
  }

  hiddenToolPart(kind: 'call' | 'result', toolCallId: string): string | undefined {
    return this.hidden[kind].get(toolCallId);
  }

  rememberEarlyResult(toolCallId: string, message: ToolResultMessage, part: ToolResultPart): void {
    if (!this.earlyResults.has(toolCallId)) this.earlyResults.set(toolCallId, { message, part });
  }

  takeEarlyResult(
    toolCallId: string,
  ): { message: ToolResultMessage; part: ToolResultPart } | undefined {
    const early = this.earlyResults.get(toolCallId);
    this.earlyResults.delete(toolCallId);
    return early;
  }

  rememberToolName(toolCallId: string, toolName: string): void {
    if (!this.toolNames.has(toolCallId)) this.toolNames.set(toolCallId, toolName);
  }

  toolName(toolCallId: string): string | undefined {
    return this.toolNames.get(toolCallId);
  }

  claimId(base: string): string {
    return claimUniqueId(base, this.takenIds);
  }
}
