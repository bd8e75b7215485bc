import { firstFreeId } from '@agent-ledger/events';

/**
 * The first of `base`, `base#2`, `base#3`… (from `base#<firstSuffix>`) that no message of the
 * session has yet (`isStored`): normalization's id minting, against the ids stored so far.
 * (Replaying the whole log also avoids ids that only later events use; a log whose later
 * messages literally use `<id>#2` is the one case where the two can differ.)
 */
export function claimStoredId(
  isStored: (id: string) => boolean,
  base: string,
  firstSuffix = 1,
): string {
  return firstFreeId(base, isStored, firstSuffix);
}
