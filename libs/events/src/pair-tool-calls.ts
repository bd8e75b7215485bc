import type { LoggedMessage } from './logged-message';
import { InMemoryPairingState } from './in-memory-pairing-state';
import { pairMessage } from './pair-message';
import type { Repair } from './repair';
import { reportOpenToolCalls } from './report-open-tool-calls';
import { settleOpenToolCalls } from './settle-open-tool-calls';

/** Options of {@link pairToolCalls}. */
export interface PairToolCallsOptions {
  /** Settle the calls left open at the end (see `settleOpenToolCalls`); else only report them. */
  insertSyntheticResults: boolean;
  /** Written as `metadata.extra.repairedAt` on inserted results, when given. */
  now?: string;
  /** Ids in use; minted ids are added to it. */
  takenIds: Set<string>;
}

/**
 * Second step of normalization: makes the messages the model may see pair up, as every provider
 * requires, without inventing what the log does not say. Folds the messages, in order, through
 * the pairing step shared with the read models (`pairMessage`, over an in-memory state), then
 * settles the calls still open at the end (`settleOpenToolCalls`), or, with
 * `insertSyntheticResults: false`, only reports them as the read models do
 * (`reportOpenToolCalls`). Each change is reported, placed at the event it concerns.
 */
export function pairToolCalls(
  entries: readonly LoggedMessage[],
  options: PairToolCallsOptions,
): { entries: LoggedMessage[]; repairs: Repair[] } {
  const state = new InMemoryPairingState<number>(options.takenIds);
  const output: LoggedMessage[] = [];
  const repairs: Repair[] = [];
  for (const { message, eventIndex } of entries) {
    const paired = pairMessage(state, message, eventIndex);
    for (const entry of paired.entries) output.push({ message: entry.message, eventIndex });
    for (const repair of paired.repairs) repairs.push({ ...repair, eventIndex });
  }
  if (!options.insertSyntheticResults) {
    const reported = reportOpenToolCalls(state.openToolCalls());
    return {
      entries: output,
      repairs: [...repairs, ...reported.map(({ at, repair }) => ({ ...repair, eventIndex: at }))],
    };
  }
  const settled = settleOpenToolCalls(output, state.openToolCalls(), {
    claimId: (base) => state.claimId(base),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return { entries: settled.entries, repairs: [...repairs, ...settled.repairs] };
}
