import type {
  CompactBoundaryMessage,
  CompactSummaryMessage,
  RuntimeMessage,
  ToolResultPart,
} from '@agent-ledger/messages';
import type { ModelCallFacts, SessionCommand } from '@agent-ledger/sessions';
import type { ImportNotes } from './import-notes';

/** An append holds at most 1 MiB of events: batches stay well under it. */
const MAX_BATCH_CHARS = 256 * 1024;

/**
 * Builds one session's commands in source order, keeping the history the decider accepts: a tool
 * result answers a call recorded before it, once; ids are unique. What it has to leave out is
 * counted in the notes, so the import says why. Consecutive messages go in one `AppendMessages`
 * (up to a size that fits one append); model calls, compactions and prunings are their own
 * commands, where they happened.
 */
export class SessionPlan {
  private readonly commands: SessionCommand[] = [];
  private batch: RuntimeMessage[] = [];
  private batchChars = 0;
  private readonly messageIds = new Set<string>();
  private readonly callIds = new Set<string>();
  private readonly answered = new Set<string>();
  private readonly modelCallIds = new Set<string>();
  /** Each generation's response messages so far: the decider takes them accumulated, as the AI SDK sends them. */
  private readonly generations = new Map<string, RuntimeMessage[][]>();
  readonly counts = { messages: 0, modelCalls: 0, compactions: 0, prunedToolResults: 0 };

  constructor(
    readonly sessionId: string,
    private readonly notes: ImportNotes,
  ) {}

  /** True when a tool call with this id is already in the plan. */
  hasToolCall(toolCallId: string): boolean {
    return this.callIds.has(toolCallId);
  }

  /** Adds messages to the current batch (those the decider would refuse are left out, noted). */
  append(messages: readonly RuntimeMessage[]): void {
    for (const message of this.accept(messages)) {
      const chars = JSON.stringify(message).length;
      if (this.batch.length > 0 && this.batchChars + chars > MAX_BATCH_CHARS) this.flush();
      this.batch.push(message);
      this.batchChars += chars;
    }
  }

  /**
   * A model call and the messages it produced (a later step of a generation is sent with the
   * earlier steps' messages before its own, which the decider recognizes as recorded). A call id seen before (the same response split
   * apart in the source) records its messages only.
   */
  modelCall(messages: readonly RuntimeMessage[], call: ModelCallFacts): void {
    if (this.modelCallIds.has(call.callId)) {
      this.append(messages);
      return;
    }
    const accepted = this.accept(messages);
    this.flush();
    this.modelCallIds.add(call.callId);
    this.counts.modelCalls += 1;
    const responseMessages = [...(this.generations.get(call.generationId) ?? []), accepted];
    this.generations.set(call.generationId, responseMessages);
    this.commands.push({
      type: 'RecordModelCall',
      sessionId: this.sessionId,
      responseMessages,
      call,
    });
  }

  /**
   * A compaction: its boundary and the summary naming it. A compaction before any message has
   * nothing to compact (the write side refuses it: a session starts with messages), so there the
   * summary alone is kept, as the synthetic user input the model was sent, and the boundary is
   * noted as left out: a plan always starts its session.
   */
  compaction(boundary: CompactBoundaryMessage, summary: CompactSummaryMessage): void {
    if (this.messageIds.has(boundary.id) || this.messageIds.has(summary.id)) {
      this.notes.add('skipped', 'compaction whose id is already used in the session', boundary.id);
      return;
    }
    if (this.commands.length === 0 && this.batch.length === 0) {
      this.notes.add(
        'skipped',
        'compact boundary at the start of the session (nothing before it to compact): its summary kept as synthetic user input',
        boundary.id,
      );
      const { summaryForBoundaryId: _boundaryId, ...metadata } = summary.metadata ?? {};
      this.append([
        {
          id: summary.id,
          sessionId: summary.sessionId,
          role: 'user',
          kind: 'user_input',
          createdAt: summary.createdAt,
          content: summary.content,
          metadata: {
            ...metadata,
            synthetic: true,
            source: 'runtime',
            tags: [...(metadata.tags ?? []), 'compact-summary'],
          },
        },
      ]);
      return;
    }
    this.flush();
    this.messageIds.add(boundary.id).add(summary.id);
    this.counts.compactions += 1;
    this.counts.messages += 2;
    this.commands.push({ type: 'CompactSession', sessionId: this.sessionId, boundary, summary });
  }

  /** Marks tool results (by runtime message id) as pruned. */
  prune(messageIds: readonly string[], reason: string): void {
    const known = messageIds.filter((id) => this.messageIds.has(id));
    if (known.length === 0) return;
    this.flush();
    this.counts.prunedToolResults += known.length;
    this.commands.push({
      type: 'PruneToolResults',
      sessionId: this.sessionId,
      messageIds: known,
      reason,
    });
  }

  /** The session's commands, in order. */
  build(): SessionCommand[] {
    this.flush();
    return [...this.commands];
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    this.commands.push({ type: 'AppendMessages', sessionId: this.sessionId, messages: this.batch });
    this.batch = [];
    this.batchChars = 0;
  }

  private accept(messages: readonly RuntimeMessage[]): RuntimeMessage[] {
    const accepted: RuntimeMessage[] = [];
    for (const message of messages) {
      const kept = this.acceptOne(message);
      if (kept === undefined) continue;
      this.messageIds.add(kept.id);
      this.counts.messages += 1;
      accepted.push(kept);
    }
    return accepted;
  }

  private acceptOne(message: RuntimeMessage): RuntimeMessage | undefined {
    if (this.messageIds.has(message.id)) {
      this.notes.add('skipped', 'message id already used in the session', message.id);
      return undefined;
    }
    if (message.kind === 'tool_call') {
      const content = message.content.filter((part) => {
        if (!this.callIds.has(part.toolCallId)) return true;
        this.notes.add('skipped', 'tool call id already used in the session', part.toolCallId);
        return false;
      });
      if (content.length === 0) return undefined;
      content.forEach((part) => this.callIds.add(part.toolCallId));
      return { ...message, content };
    }
    if (message.kind === 'tool_result') {
      const content = message.content.filter((part) => this.answers(part));
      if (content.length === 0) return undefined;
      content.forEach((part) => this.answered.add(part.toolCallId));
      return { ...message, content };
    }
    return message;
  }

  private answers(part: ToolResultPart): boolean {
    if (!this.callIds.has(part.toolCallId)) {
      this.notes.add(
        'skipped',
        'tool result for a call not in the imported history (another branch, or cut off)',
        part.toolCallId,
      );
      return false;
    }
    if (this.answered.has(part.toolCallId)) {
      this.notes.add('skipped', 'second result for the same tool call', part.toolCallId);
      return false;
    }
    return true;
  }
}
