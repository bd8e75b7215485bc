import type { RuntimeMessage, RuntimeMessageMetadata } from '@agent-ledger/messages';

/** A runtime message during normalization, with the index of the event that recorded it. */
export interface LoggedMessage {
  message: RuntimeMessage;
  eventIndex: number;
}

/** False when the message must never reach the model. */
export function isEligibleForModelContext(message: RuntimeMessage): boolean {
  return message.metadata?.eligibleForModelContext !== false;
}

/** A copy of `message` with `patch` merged into its metadata. */
export function withMetadata<M extends RuntimeMessage>(
  message: M,
  patch: RuntimeMessageMetadata,
): M {
  return { ...message, metadata: { ...message.metadata, ...patch } };
}

/**
 * The first of `base`, `base#2`, `base#3`… (from `base#<firstSuffix>` when given) that is not in
 * `takenIds`, which it then joins: ids minted by normalization are deterministic and collide with
 * none taken, even one that already uses the pattern.
 */
export function claimUniqueId(base: string, takenIds: Set<string>, firstSuffix = 1): string {
  const id = firstFreeId(base, (candidate) => takenIds.has(candidate), firstSuffix);
  takenIds.add(id);
  return id;
}

/**
 * The first of `base`, `base#2`, `base#3`… (from `base#<firstSuffix>` when given) that `isTaken`
 * refuses: how normalization mints ids, whatever keeps the ids in use.
 */
export function firstFreeId(
  base: string,
  isTaken: (id: string) => boolean,
  firstSuffix = 1,
): string {
  const candidate = (suffix: number): string => (suffix === 1 ? base : `${base}#${suffix}`);
  let suffix = firstSuffix;
  while (isTaken(candidate(suffix))) suffix += 1;
  return candidate(suffix);
}
