import { derivedOnce, type RuntimeMessage } from '@agent-ledger/messages';
import { withMetadata, type LoggedMessage } from './logged-message';
import type { PruneTarget, RecordedSoFar } from './recorded-so-far';

/**
 * The {@link RecordedSoFar} of one replay, in memory: the messages placed so far in log order
 * (`entries`), with the ids they took (`takenIds`). Its caller places what `recordMessageOnce`
 * decided and prunes what `pruningMarkTargets` named.
 */
export class InMemoryRecordedMessages implements RecordedSoFar {
  readonly entries: LoggedMessage[] = [];
  /** Every id placed so far, as recorded or renamed. */
  readonly takenIds = new Set<string>();
  private readonly indexById = new Map<string, number>();
  /** Recorded id → the messages recorded under it, as their events recorded them. */
  private readonly versions = new Map<string, RuntimeMessage[]>();

  isTaken(id: string): boolean {
    return this.takenIds.has(id);
  }

  versionsRecordedAs(id: string): readonly RuntimeMessage[] {
    return this.versions.get(id) ?? [];
  }

  pruneTarget(id: string): PruneTarget | undefined {
    const message = this.placedAs(id);
    return message === undefined
      ? undefined
      : { kind: message.kind, pruned: message.metadata?.compactedAt !== undefined };
  }

  /** Places `placed`, what became of `recorded` (the message as its event recorded it). */
  place(recorded: RuntimeMessage, placed: RuntimeMessage, eventIndex: number): void {
    const versions = this.versions.get(recorded.id);
    if (versions === undefined) this.versions.set(recorded.id, [recorded]);
    else versions.push(recorded);
    this.takenIds.add(placed.id);
    this.indexById.set(placed.id, this.entries.push({ message: placed, eventIndex }) - 1);
  }

  /** Sets `metadata.compactedAt` on the message placed under `id`. */
  prune(id: string, compactedAt: string): void {
    const index = this.indexById.get(id);
    const entry = index === undefined ? undefined : this.entries[index];
    if (index === undefined || entry === undefined) return;
    this.entries[index] = {
      ...entry,
      // A frozen message (a cached log's) gets the same copy each time.
      message: derivedOnce(entry.message, `compactedAt:${compactedAt}`, (message) =>
        withMetadata(message, { compactedAt }),
      ),
    };
  }

  private placedAs(id: string): RuntimeMessage | undefined {
    const index = this.indexById.get(id);
    return index === undefined ? undefined : this.entries[index]?.message;
  }
}
