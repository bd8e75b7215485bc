import type { SessionEvent } from '@agent-ledger/events';

/**
 * What a model window needs from before its boundary, learnt while reading it backwards: the
 * calls of the tool results in it, the requests of the approval responses in it, the
 * boundaries its summaries name, and the results of the calls in it that nothing in it
 * answers. Normalization adds a synthetic result only where no result exists anywhere in the
 * log, so a call whose result was recorded before it, and before the boundary, must meet that
 * result in the window too. A call pending an approval (requested, or granted, and not refused
 * in the window) gets no synthetic result anyway and needs nothing; a call that truly has no
 * result makes the window read back to the start of the session, once per request, for as long
 * as it stays in the window.
 */
export class WindowNeeds<E extends { event: SessionEvent } = { event: SessionEvent }> {
  private readonly calls = new Set<string>();
  private readonly results = new Set<string>();
  private readonly requests = new Set<string>();
  private readonly responses = new Set<string>();
  private readonly boundaries = new Set<string>();
  private readonly summarized = new Set<string>();
  /** Approval id → tool call id, of the requests of the window (and those taken for it). */
  private readonly toolCallIdOfApproval = new Map<string, string>();
  /** Approval ids answered with a refusal in the window. */
  private readonly refused = new Set<string>();
  /** Results of the window's unanswered calls found before the boundary. */
  private readonly earlyResults = new Set<string>();
  private unanswered: Set<string> | undefined;
  /** Pruning marks read before the boundary, for the early results taken after them. */
  private readonly marks: E[] = [];

  /**
   * `readsBackForEarlyResults: false`: the early results of the window's unanswered calls are
   * left to the caller (`unansweredCallIds`), which finds them in an index of the history
   * instead of reading it back on every request.
   */
  constructor(
    private readonly options: { readsBackForEarlyResults: boolean } = {
      readsBackForEarlyResults: true,
    },
  ) {}

  /** Notes an event of the window proper. */
  noteInWindow(event: SessionEvent): void {
    this.unanswered = undefined;
    if (event.type === 'ToolCallRecorded') {
      for (const part of event.data.content) this.calls.add(part.toolCallId);
    } else if (event.type === 'ToolResultRecorded') {
      for (const part of event.data.content) this.results.add(part.toolCallId);
    } else if (event.type === 'ToolApprovalRequested') {
      for (const part of event.data.content) {
        this.requests.add(part.approvalId);
        this.toolCallIdOfApproval.set(part.approvalId, part.toolCallId);
      }
    } else if (event.type === 'ToolApprovalResponded') {
      for (const part of event.data.content) {
        this.responses.add(part.approvalId);
        if (!part.approved) this.refused.add(part.approvalId);
      }
    } else if (event.type === 'CompactBoundaryRecorded') {
      this.boundaries.add(event.data.id);
    } else if (event.type === 'CompactSummaryRecorded') {
      const boundaryId = event.data.metadata?.summaryForBoundaryId;
      if (boundaryId !== undefined) this.summarized.add(boundaryId);
    }
  }

  /** True when nothing before the window is needed any more. */
  satisfied(): boolean {
    return (
      isSubset(this.results, this.calls) &&
      isSubset(this.responses, this.requests) &&
      isSubset(this.summarized, this.boundaries) &&
      (!this.options.readsBackForEarlyResults ||
        isSubset(this.unansweredCalls(), this.earlyResults))
    );
  }

  /** The window's calls that nothing in it answers and no approval keeps pending, not yet found. */
  unansweredCallIds(): string[] {
    return [...this.unansweredCalls()].filter((id) => !this.earlyResults.has(id));
  }

  /**
   * For an event before the window (read backwards): the events the window needs of it — the
   * event itself when it is support, with the pruning marks read so far that name a tool result
   * taken (a mark comes after what it names, so it was read first) — or none.
   */
  takeSupport(logged: E): E[] {
    const event = logged.event;
    if (event.type === 'ToolResultsPruned') {
      if (this.options.readsBackForEarlyResults) this.marks.push(logged);
      return [];
    }
    if (event.type === 'ToolResultRecorded') {
      if (!this.options.readsBackForEarlyResults) return [];
      const ids = event.data.content.map((part) => part.toolCallId);
      if (!this.take(ids, this.unansweredCalls(), this.earlyResults)) return [];
      const id = event.data.id;
      const naming = this.marks.filter((mark) => namesMessage(mark.event, id));
      for (const mark of naming) this.marks.splice(this.marks.indexOf(mark), 1);
      return [logged, ...naming];
    }
    return this.isSupport(event) ? [logged] : [];
  }

  private isSupport(event: SessionEvent): boolean {
    if (event.type === 'ToolCallRecorded') {
      const ids = event.data.content.map((part) => part.toolCallId);
      return this.take(ids, this.results, this.calls);
    }
    if (event.type === 'ToolApprovalRequested') {
      const ids = event.data.content.map((part) => part.approvalId);
      if (!this.take(ids, this.responses, this.requests)) return false;
      for (const part of event.data.content) {
        this.toolCallIdOfApproval.set(part.approvalId, part.toolCallId);
      }
      this.unanswered = undefined;
      return true;
    }
    if (event.type === 'CompactBoundaryRecorded') {
      return this.take([event.data.id], this.summarized, this.boundaries);
    }
    return false;
  }

  private take(ids: string[], wanted: ReadonlySet<string>, found: Set<string>): boolean {
    if (!ids.some((id) => wanted.has(id) && !found.has(id))) return false;
    for (const id of ids) found.add(id);
    return true;
  }

  /** Calls of the window that no result of the window answers and no approval keeps pending. */
  private unansweredCalls(): ReadonlySet<string> {
    if (this.unanswered !== undefined) return this.unanswered;
    const refusedCalls = new Set<string>();
    const askedCalls = new Set<string>();
    for (const [approvalId, toolCallId] of this.toolCallIdOfApproval) {
      askedCalls.add(toolCallId);
      if (this.refused.has(approvalId)) refusedCalls.add(toolCallId);
    }
    const pending = (id: string) => askedCalls.has(id) && !refusedCalls.has(id);
    this.unanswered = new Set(
      [...this.calls].filter((id) => !this.results.has(id) && !pending(id)),
    );
    return this.unanswered;
  }
}

function namesMessage(event: SessionEvent, messageId: string): boolean {
  return event.type === 'ToolResultsPruned' && event.data.messageIds.includes(messageId);
}

function isSubset(subset: ReadonlySet<string>, of: ReadonlySet<string>): boolean {
  for (const item of subset) if (!of.has(item)) return false;
  return true;
}
