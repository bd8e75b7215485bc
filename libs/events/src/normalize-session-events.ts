import type { RuntimeMessage } from '@agent-ledger/messages';
import { foldSessionEvents } from './fold-session-events';
import { pairToolCalls } from './pair-tool-calls';
import type { Repair } from './repair';
import type { SessionEvent } from './session-event';

/** Options of {@link normalizeSessionEvents}. */
export interface NormalizeSessionEventsOptions {
  /**
   * Settle the tool calls left without an eligible result at the end of the log, so that every
   * call the model may see is answered: default `true` (the model context; providers require
   * it). `false` (the read models) only reports them: the log so far is shown as it is.
   */
  repairDanglingToolCalls?: boolean;
  /**
   * The time of the replay, from the caller's clock. Never used as a message time; when given,
   * it is written as `metadata.extra.repairedAt` on inserted results (omit it for reproducible output).
   */
  now?: string;
}

/** The messages of a session, ready for projection, and what had to be repaired. */
export interface NormalizedSession {
  messages: RuntimeMessage[];
  /** In the order of the events they concern. */
  repairs: Repair[];
}

/**
 * Reads a session's events (in log order) as its runtime messages: the seed's "normalize to
 * Runtime Messages" step. Pure: the same events give the same output, byte for byte.
 *
 * - Message events become messages, in log order; a retried append (same id, same content) is
 *   dropped, any other message whose id is taken is kept under the first free `<id>#2`, `<id>#3`…
 *   among the ids taken so far (never ids of later events, so that the read models, which see one
 *   event at a time, agree: a later message literally recorded as `<id>#2` after a reuse of
 *   `<id>` was given that id is kept as `<id>#2#2`).
 * - `ToolResultsPruned` sets `metadata.compactedAt` on the tool results it names (first mark wins).
 * - A missing `toolName` on a tool result is filled in from its call.
 * - Tool calls, results and approvals are paired as providers require, among messages eligible
 *   for model context, by the fold step the read models share (`pairMessage`): an orphan or
 *   second result, a reused call id or an approval response without a request leaves its message
 *   in the log but hidden from the model (a message mixing good and bad parts also gets an
 *   eligible copy of its good parts, hidden from the transcript); a result recorded before its
 *   call is copied right after the call when it comes.
 * - Repairs never lie. At the end of the log, a call without an eligible result gets a synthetic
 *   one only when nothing answers it anywhere in the log ("No result was recorded", flagged
 *   `synthetic`, hidden from the transcript), or `execution-denied` when its approval was
 *   refused; a call whose approval is unanswered or granted is pending and gets nothing; a call
 *   whose only result was recorded hidden from the model is hidden too. With
 *   `repairDanglingToolCalls: false` these are only reported.
 * - Events of unknown types are skipped. Nothing is repaired silently: see {@link Repair}.
 */
export function normalizeSessionEvents(
  events: ReadonlyArray<SessionEvent>,
  options: NormalizeSessionEventsOptions = {},
): NormalizedSession {
  const folded = foldSessionEvents(events);
  const paired = pairToolCalls(folded.entries, {
    insertSyntheticResults: options.repairDanglingToolCalls ?? true,
    takenIds: folded.takenIds,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const repairs = [...folded.repairs, ...paired.repairs];
  return {
    messages: paired.entries.map((entry) => entry.message),
    // Array.prototype.sort is stable: repairs of one event keep the order they were found in.
    repairs: repairs.sort((left, right) => left.eventIndex - right.eventIndex),
  };
}
