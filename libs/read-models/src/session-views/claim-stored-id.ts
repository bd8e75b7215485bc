import type { SessionViewsStore } from './session-views-store';

/**
 * The first of `base`, `base#2`, `base#3`… (from `base#<firstSuffix>`) that no message of the
 * session has yet: normalization's id minting, against the ids stored so far. (Replaying the
 * whole log also avoids ids that only later events use; a log whose later messages literally
 * use `<id>#2` is the one case where the two can differ.)
 */
export function claimStoredId(
  store: SessionViewsStore,
  sessionId: string,
  base: string,
  firstSuffix = 1,
): string {
  const candidate = (suffix: number): string => (suffix === 1 ? base : `${base}#${suffix}`);
  let suffix = firstSuffix;
  while (store.hasId(sessionId, candidate(suffix))) suffix += 1;
  return candidate(suffix);
}
