import type { AgentInputItem, Session } from '@openai/agents';
import type { RuntimeMessageInput } from '../contract/runtime-message';
import type { DebugEntry } from '../contract/queries';
import { createLedgerClient, type LedgerClient } from '../create-ledger-client';
import { isLedgerError } from '../ledger-error';
import { collect } from '../paginate';
import type { LedgerClientOptions } from '../transport';
import { itemFromJson } from './item-json';
import { ITEM_KEY, runtimeMessageOfItem } from './runtime-message-of-item';

/** Marks the `compact_boundary` of `replaceHistoryWithCompaction`: the items start again after it. */
export const HISTORY_REPLACED_KEY = 'openaiAgentsHistoryReplaced';

/** How an OpenAI Agents `Session` reaches the ledger, and which session it is. */
export interface OpenAIAgentsSessionOptions extends LedgerClientOptions {
  /** The ledger session (created by the first `addItems`). */
  sessionId: string;
  /** Recorded as `runId` on every message. */
  runId?: string;
  /** Recorded as `metadata.agentName` on every message. */
  agentName?: string;
  /** The data subject, recorded by the session's first append (see `POST /v1/erasures`). */
  subjectId?: string;
  /** Message ids of new items (default: `oai-<random UUID>`). */
  generateId?: () => string;
}

/** An item on the session's current line, and the runtime message that holds it. */
interface LineItem {
  messageId: string;
  item: AgentInputItem;
}

/**
 * An `@openai/agents` `Session` kept in the ledger: each item is one runtime message (see
 * `runtimeMessageOfItem`), the item itself whole in its metadata, so `getItems` answers what
 * `MemorySession` would hold and the transcript, search and model context read the same history.
 * `popItem` and `clearSession` are rewinds (`POST …/rewinds`), not deletions: the items stay in the
 * log, marked rewound in the transcript; erasing them is `DELETE /v1/sessions/:id`.
 * `replaceHistoryWithCompaction` records a compaction (a `compact_boundary`, the compaction item as
 * its `compact_summary`, the retained items) in one append.
 *
 * Reads go through the debug view (scope `read`) and wait for this object's last write
 * (`minPosition`); a key without `audit` reads it redacted, as every view. One writer per session,
 * as for the SDK's own sessions.
 */
export function createOpenAIAgentsSession(options: OpenAIAgentsSessionOptions): Session {
  return new LedgerAgentsSession(options);
}

class LedgerAgentsSession implements Session {
  private readonly client: LedgerClient;
  private readonly generateId: () => string;
  /** `$all` position of this object's last write: reads wait for it. */
  private lastPosition: number | undefined;

  constructor(private readonly options: OpenAIAgentsSessionOptions) {
    this.client = createLedgerClient(options);
    this.generateId = options.generateId ?? (() => `oai-${crypto.randomUUID()}`);
  }

  getSessionId(): Promise<string> {
    return Promise.resolve(this.options.sessionId);
  }

  async getItems(limit?: number): Promise<AgentInputItem[]> {
    const items = (await this.lineItems()).map((entry) => entry.item);
    if (limit === undefined) return items;
    return limit <= 0 ? [] : items.slice(-limit);
  }

  async addItems(items: AgentInputItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.append(items.map((item) => this.messageOf(item)));
  }

  async popItem(): Promise<AgentInputItem | undefined> {
    const entries = await this.lineEntries();
    const items = itemsOnLine(entries);
    const last = items.at(-1);
    if (last === undefined) return undefined;
    const before = entries[entries.findIndex((entry) => entry.id === last.messageId) - 1];
    const result = await this.client.rewind(
      this.options.sessionId,
      before === undefined ? { toRevision: 0 } : { toMessageId: before.id },
    );
    this.lastPosition = result.position;
    return last.item;
  }

  async clearSession(): Promise<void> {
    try {
      const result = await this.client.rewind(this.options.sessionId, { toRevision: 0 });
      this.lastPosition = result.position;
    } catch (error) {
      if (isLedgerError(error) && error.code === 'SessionNotFound') return;
      throw error;
    }
  }

  async replaceHistoryWithCompaction(items: AgentInputItem[]): Promise<void> {
    const boundaryId = this.generateId();
    const [first, ...rest] = items;
    const boundary: RuntimeMessageInput = {
      id: boundaryId,
      sessionId: this.options.sessionId,
      kind: 'compact_boundary',
      role: 'system',
      content: {
        type: 'compact-boundary',
        trigger: 'auto',
        reason: 'OpenAI Agents replaced the history with a compaction',
      },
      metadata: { extra: { [HISTORY_REPLACED_KEY]: true } },
    };
    const replacement =
      first !== undefined && first.type === 'compaction'
        ? [this.summaryOf(first, boundaryId), ...rest.map((item) => this.messageOf(item))]
        : items.map((item) => this.messageOf(item));
    await this.append([boundary, ...replacement]);
  }

  private messageOf(item: AgentInputItem): RuntimeMessageInput {
    return runtimeMessageOfItem(item, {
      id: this.generateId(),
      sessionId: this.options.sessionId,
      ...(this.options.runId === undefined ? {} : { runId: this.options.runId }),
      ...(this.options.agentName === undefined ? {} : { agentName: this.options.agentName }),
    });
  }

  /** The compaction item as the boundary's summary, so the ledger's model view starts there too. */
  private summaryOf(item: AgentInputItem, boundaryId: string): RuntimeMessageInput {
    const message = this.messageOf(item);
    return {
      ...message,
      kind: 'compact_summary',
      role: 'user',
      content:
        'OpenAI Agents compaction (the compacted history is in the item, encrypted by OpenAI)',
      metadata: { ...message.metadata, summaryForBoundaryId: boundaryId },
    };
  }

  private async append(messages: RuntimeMessageInput[]): Promise<void> {
    const result = await this.client.appendMessages(this.options.sessionId, {
      messages,
      ...(this.options.subjectId === undefined ? {} : { subjectId: this.options.subjectId }),
    });
    this.lastPosition = result.position;
  }

  private async lineItems(): Promise<LineItem[]> {
    return itemsOnLine(await this.lineEntries());
  }

  /** The session's messages on its current line (what no rewind undid), in order. */
  private async lineEntries(): Promise<DebugEntry[]> {
    try {
      const entries = await collect(
        this.client.debug(this.options.sessionId, {
          ...(this.lastPosition === undefined ? {} : { minPosition: this.lastPosition }),
        }),
      );
      return entries.filter((entry) => entry.rewound !== true);
    } catch (error) {
      if (isLedgerError(error) && error.code === 'SessionNotFound') return [];
      throw error;
    }
  }
}

/** The items of the line: those after the last history replacement. */
function itemsOnLine(entries: DebugEntry[]): LineItem[] {
  let items: LineItem[] = [];
  for (const entry of entries) {
    const extra = extraOf(entry);
    if (extra?.[HISTORY_REPLACED_KEY] === true) items = [];
    const item = extra?.[ITEM_KEY];
    if (item !== undefined) {
      items.push({ messageId: entry.id, item: itemFromJson(item as never) as AgentInputItem });
    }
  }
  return items;
}

function extraOf(entry: DebugEntry): Record<string, unknown> | undefined {
  const metadata = entry.runtimeMetadata as { extra?: unknown } | undefined;
  const extra = metadata?.extra;
  return typeof extra === 'object' && extra !== null && !Array.isArray(extra)
    ? (extra as Record<string, unknown>)
    : undefined;
}
