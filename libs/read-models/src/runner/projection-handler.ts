/**
 * One read model's writer, fed by the projection runner. Every method runs synchronously inside
 * the runner's transaction, so the handler's rows and its checkpoint commit (or roll back)
 * together. `apply` is total in spirit (skip, default, record rather than throw); if it throws
 * anyway, the runner rolls back that event's writes, records the event as failed and goes on.
 */
export interface ProjectionHandler {
  /** Stable name: the key of the handler's checkpoint and of its failed events. */
  readonly name: string;
  /**
   * Changes whenever the handler's tables or options change (a redaction policy, a new column):
   * a checkpoint stored under another version makes the runner drop and rebuild this handler.
   */
  readonly version: string;
  /** Creates the handler's tables when they are missing. */
  setUp(): void;
  /** Drops the handler's tables (a rebuild calls `drop` then `setUp`). */
  drop(): void;
  /** Applies one event, which the runner has already parsed and checked against its schema. */
  apply(event: SessionLogEvent): void;
  /**
   * Optional: called with a batch's session events before its transaction begins, to read what
   * `apply` will need from outside the read-model file (the text of blob outputs); `apply` stays
   * synchronous. Must not throw: what cannot be read is left out (and logged) by the handler.
   */
  prepareBatch?(events: readonly SessionLogEvent[]): Promise<void>;
  /**
   * Optional: called after the batch's events, still inside its transaction. A handler that keeps
   * rows in memory during a batch (one write per row per batch instead of one per event) writes
   * them here.
   */
  endBatch?(): void;
  /** Optional: the batch's transaction failed; forget whatever was kept in memory for it. */
  abortBatch?(): void;
  /**
   * Optional, for a handler whose rows carry checksums: deletes every row of one session, which
   * `ProjectionRunner.repairSession` then rebuilds from the session's events.
   */
  dropSession?(sessionId: string): void;
  /**
   * Optional for a handler that keeps no session rows: an erasure (`ErasureRequested`) names
   * these sessions (by session key, with the structure its journal entry keeps). `erase`: every
   * row of theirs goes; `strip-content`: every row with content goes, and what only says the
   * session's structure (the session list's summary) stays, marked, or is made from the facts. Runs inside the runner's transaction, on a connection with
   * `secure_delete` on; a full-text index must also drop the sessions' terms from its segments
   * (FTS5 `optimize`), so no page keeps them.
   */
  eraseSessions?(sessions: readonly ErasedSession[], action: ErasureAction): void;
  /** Optional: the sessions whose rows were found damaged while applying events since the last call. */
  takeDamagedSessions?(): string[];
  /**
   * Optional: the background sweep's step: checks up to `limit` rows after the cursor `after`;
   * returns the sessions of the damaged ones and the cursor to go on from (`null`: the end).
   */
  checkRows?(after: number, limit: number): { damagedSessions: string[]; next: number | null };
}
import type { ErasedSessionFacts, ErasureAction, SessionLogEvent } from '@agent-ledger/events';

/** A session an erasure names: its key (the read models' `session_id`) and its structure. */
export interface ErasedSession {
  sessionKey: string;
  facts: ErasedSessionFacts;
}
