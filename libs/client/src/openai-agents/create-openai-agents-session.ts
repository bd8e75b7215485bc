import type { AgentInputItem, Session } from '@openai/agents';
import type { RuntimeMessageInput } from '../contract/runtime-message';
import type { DebugEntry } from '../contract/queries';
import { createLedgerClient, type LedgerClient } from '../create-ledger-client';
import { isLedgerError } from '../ledger-error';
import { collect } from '../paginate';
import type { LedgerClientOptions } from '../transport';
import { itemFromJson } from './item-json';
import { repeatedItems, type LineItem } from './repeated-items';
import { ITEM_KEY, runtimeMessageOfItem } from './runtime-message-of-item';

/**
 * Marks where `replaceHistoryWithCompaction` started the items again: a hidden note before a
 * compaction item, else a `compact_boundary` (and, in sessions recorded before the note, the
 * boundary before a compaction item's summary).
 */
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

/**
 * An `@openai/agents` `Session` kept in the ledger: each item is one runtime message (see
 * `runtimeMessageOfItem`), the item itself whole in its metadata, so `getItems` answers what
 * `MemorySession` would hold and the transcript, search and model context read the same history.
 * `popItem` and `clearSession` are rewinds (`POST …/rewinds`), not deletions: the items stay in the
 * log, marked rewound in the transcript; erasing them is `DELETE /v1/sessions/:id`.
 * `replaceHistoryWithCompaction` appends the replacement in one append: a hidden note where the
 * items start again, the compaction item (OpenAI's artifact: the ledger records a
 * `ProviderCompactionRecorded`, so OpenAI is sent the item and every other provider the history
 * it covers), then the items it keeps, each that repeats an earlier item marked
 * `metadata.repeatsMessageId` so that other providers get that history once.
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
    const marker = this.historyReplacedNote(items[0]?.type === 'compaction');
    if (items[0]?.type !== 'compaction') {
      await this.append([marker, ...items.map((item) => this.messageOf(item))]);
      return;
    }
    const [compaction, ...rest] = items;
    const repeated = repeatedItems(rest, await this.lineItems());
    await this.append([
      marker,
      this.messageOf(compaction),
      ...rest.map((item, index) => this.messageOf(item, repeated[index])),
    ]);
  }

  /**
   * Where the items start again. Before a compaction item it is a hidden note, not a
   * `compact_boundary`: the item is OpenAI's artifact, recorded as a provider compaction, and
   * every other provider is still sent the history it covers. Without one, a `compact_boundary`
   * (the runtime dropped the history for every provider).
   */
  private historyReplacedNote(beforeCompactionItem: boolean): RuntimeMessageInput {
    const reason = 'OpenAI Agents replaced the history with a compaction';
    const metadata = { extra: { [HISTORY_REPLACED_KEY]: true } };
    const common = { id: this.generateId(), sessionId: this.options.sessionId } as const;
    if (beforeCompactionItem) {
      return {
        ...common,
        role: 'system',
        kind: 'system_note',
        content: `${reason} item: OpenAI is sent the item, other providers the history it covers`,
        metadata: { ...metadata, eligibleForModelContext: false },
      };
    }
    return {
      ...common,
      role: 'system',
      kind: 'compact_boundary',
      content: { type: 'compact-boundary', trigger: 'auto', reason },
      metadata,
    };
  }

  private messageOf(item: AgentInputItem, repeatsMessageId?: string): RuntimeMessageInput {
    return runtimeMessageOfItem(item, {
      id: this.generateId(),
      sessionId: this.options.sessionId,
      ...(this.options.runId === undefined ? {} : { runId: this.options.runId }),
      ...(this.options.agentName === undefined ? {} : { agentName: this.options.agentName }),
      ...(repeatsMessageId === undefined ? {} : { repeatsMessageId }),
    });
  }

  private async append(messages: RuntimeMessageInput[]): Promise<void> {
    const result = await this.client.appendMessages(this.options.sessionId, {
      messages,
      ...(this.options.subjectId === undefined ? {} : { subjectId: this.options.subjectId }),
    });
    this.lastPosition = result.position;
  }

  private async lineItems(): Promise<LineItem<AgentInputItem>[]> {
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
function itemsOnLine(entries: DebugEntry[]): LineItem<AgentInputItem>[] {
  let items: LineItem<AgentInputItem>[] = [];
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
