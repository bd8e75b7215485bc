import type { AgentInputItem, Session } from '@openai/agents';
import type { RuntimeMessageInput } from '../contract/runtime-message';
import type { DebugEntry } from '../contract/queries';
import { createLedgerClient, type LedgerClient } from '../create-ledger-client';
import { isLedgerError } from '../ledger-error';
import { collect } from '../paginate';
import type { LedgerClientOptions } from '../transport';
import { itemFromJson } from './item-json';
import { isCompactionItem, repeatedItems, type LineItem } from './repeated-items';
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
  /**
   * How long a `clearSession()` waits for the items that replace the history before it rewinds
   * the session (milliseconds, default 1000); any other call on the session rewinds it at once.
   */
  clearSessionGraceMs?: number;
}

/** How long a `clearSession()` waits for a compaction's items by default. */
const CLEAR_SESSION_GRACE_MS = 1000;

/**
 * An `@openai/agents` `Session` kept in the ledger: each item is one runtime message (see
 * `runtimeMessageOfItem`), the item itself whole in its metadata, so `getItems` answers what
 * `MemorySession` would hold and the transcript, search and model context read the same history.
 * `popItem` and `clearSession` are rewinds (`POST …/rewinds`), not deletions: the items stay in the
 * log, marked rewound in the transcript; erasing them is `DELETE /v1/sessions/:id`.
 *
 * A `clearSession()` is held, not written at once: `OpenAIResponsesCompactionSession` compacts by
 * clearing the session and then adding OpenAI's compacted output (the user messages it keeps,
 * then its compaction item), and a rewind would drop the covered history for every provider.
 * When the next call is an `addItems` whose items hold a compaction item, the two are recorded as
 * one replacement, as `replaceHistoryWithCompaction` records it, and no rewind is written. Any
 * other call (`getItems`, `popItem`, an `addItems` without a compaction item), or
 * `clearSessionGraceMs` without a call, writes the rewind first, so a plain clear behaves as
 * before. A process that dies between the two calls has written nothing: the history stays
 * whole (the clear is lost, never an item).
 *
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
  /** A `clearSession()` not written yet, and the timer that writes it. */
  private heldClear: ReturnType<typeof setTimeout> | undefined;
  /** The rewind of a held clear being written. */
  private clearing: Promise<void> | undefined;

  constructor(private readonly options: OpenAIAgentsSessionOptions) {
    this.client = createLedgerClient(options);
    this.generateId = options.generateId ?? (() => `oai-${crypto.randomUUID()}`);
  }

  getSessionId(): Promise<string> {
    return Promise.resolve(this.options.sessionId);
  }

  async getItems(limit?: number): Promise<AgentInputItem[]> {
    await this.writeHeldClear();
    const items = (await this.lineItems()).map((entry) => entry.item);
    if (limit === undefined) return items;
    return limit <= 0 ? [] : items.slice(-limit);
  }

  async addItems(items: AgentInputItem[]): Promise<void> {
    if (items.length === 0) return;
    // A rewind the timer is writing now is a clear already done.
    await this.clearing;
    if (this.heldClear !== undefined && items.some(isCompactionItem)) {
      // Taken before the append, so that the timer cannot rewind while it is under way.
      this.dropHeldClear();
      try {
        await this.appendReplacement(items);
      } catch (error) {
        this.holdClear();
        throw error;
      }
      return;
    }
    await this.writeHeldClear();
    await this.append(items.map((item) => this.messageOf(item)));
  }

  async popItem(): Promise<AgentInputItem | undefined> {
    await this.writeHeldClear();
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

  /** Held until the next call (see the class): written then, or after `clearSessionGraceMs`. */
  async clearSession(): Promise<void> {
    await this.clearing;
    this.holdClear();
  }

  async replaceHistoryWithCompaction(items: AgentInputItem[]): Promise<void> {
    // The replacement starts the items again: a held clear has nothing left to do.
    await this.clearing;
    const held = this.heldClear !== undefined;
    this.dropHeldClear();
    try {
      await this.appendReplacement(items);
    } catch (error) {
      if (held) this.holdClear();
      throw error;
    }
  }

  /**
   * Appends `items` as the session's items from now on, in one append: a hidden note where the
   * items start again, then each item, those that repeat an item of the line marked
   * `metadata.repeatsMessageId`. With a compaction item among them (first when the Runner
   * replaces the history, last in OpenAI's compacted output), the ledger records a provider
   * compaction over the history before the note; without one, the note is a `compact_boundary`.
   */
  private async appendReplacement(items: AgentInputItem[]): Promise<void> {
    const withCompaction = items.some(isCompactionItem);
    const marker = this.historyReplacedNote(withCompaction);
    if (!withCompaction) {
      await this.append([marker, ...items.map((item) => this.messageOf(item))]);
      return;
    }
    const repeated = repeatedItems(items, await this.lineItems());
    await this.append([
      marker,
      ...items.map((item, index) => this.messageOf(item, repeated[index])),
    ]);
  }

  /** Writes a held `clearSession()` (a rewind to revision 0), once; nothing when none is held. */
  private async writeHeldClear(): Promise<void> {
    if (this.clearing !== undefined) return this.clearing;
    if (this.heldClear === undefined) return;
    this.clearing = this.rewindToStart().then(
      () => {
        this.dropHeldClear();
        this.clearing = undefined;
      },
      (error: unknown) => {
        this.clearing = undefined;
        throw error;
      },
    );
    return this.clearing;
  }

  /** Holds a clear (again), to be written after the grace period or at the next call. */
  private holdClear(): void {
    this.dropHeldClear();
    const grace = this.options.clearSessionGraceMs ?? CLEAR_SESSION_GRACE_MS;
    // Not unref'd: a process that clears and has nothing else to do still writes the rewind.
    this.heldClear = setTimeout(() => {
      // A failure leaves the clear held: the next call writes it, or throws its error.
      this.writeHeldClear().catch(() => undefined);
    }, grace);
  }

  private dropHeldClear(): void {
    clearTimeout(this.heldClear);
    this.heldClear = undefined;
  }

  private async rewindToStart(): Promise<void> {
    try {
      const result = await this.client.rewind(this.options.sessionId, { toRevision: 0 });
      this.lastPosition = result.position;
    } catch (error) {
      if (isLedgerError(error) && error.code === 'SessionNotFound') return;
      throw error;
    }
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
