import type { SessionEvent } from '@agent-ledger/events';

/**
 * What a model window needs from before its boundary, learnt while reading it backwards: the
 * calls of the tool results in it, the requests of the approval responses in it, and the
 * boundaries its summaries name.
 */
export class WindowNeeds {
  private readonly calls = new Set<string>();
  private readonly results = new Set<string>();
  private readonly requests = new Set<string>();
  private readonly responses = new Set<string>();
  private readonly boundaries = new Set<string>();
  private readonly summarized = new Set<string>();

  /** Notes an event of the window proper. */
  noteInWindow(event: SessionEvent): void {
    if (event.type === 'ToolCallRecorded') {
      for (const part of event.data.content) this.calls.add(part.toolCallId);
    } else if (event.type === 'ToolResultRecorded') {
      for (const part of event.data.content) this.results.add(part.toolCallId);
    } else if (event.type === 'ToolApprovalRequested') {
      for (const part of event.data.content) this.requests.add(part.approvalId);
    } else if (event.type === 'ToolApprovalResponded') {
      for (const part of event.data.content) this.responses.add(part.approvalId);
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
      isSubset(this.summarized, this.boundaries)
    );
  }

  /** For an event before the window: true (and noted) when the window needs it. */
  takeSupport(event: SessionEvent): boolean {
    if (event.type === 'ToolCallRecorded') {
      const ids = event.data.content.map((part) => part.toolCallId);
      return this.take(ids, this.results, this.calls);
    }
    if (event.type === 'ToolApprovalRequested') {
      const ids = event.data.content.map((part) => part.approvalId);
      return this.take(ids, this.responses, this.requests);
    }
    if (event.type === 'CompactBoundaryRecorded') {
      return this.take([event.data.id], this.summarized, this.boundaries);
    }
    return false;
  }

  private take(ids: string[], wanted: Set<string>, found: Set<string>): boolean {
    if (!ids.some((id) => wanted.has(id) && !found.has(id))) return false;
    for (const id of ids) found.add(id);
    return true;
  }
}

function isSubset(subset: ReadonlySet<string>, of: ReadonlySet<string>): boolean {
  for (const item of subset) if (!of.has(item)) return false;
  return true;
}
