import type { MessageFingerprints } from './session-state';

/** Look-ups answered from the snapshot's entries before the map is built. */
const LOOKUPS_BEFORE_BUILD = 64;

/**
 * A session's message fingerprints restored from a snapshot's flat entries (`[id, fingerprint,
 * id, fingerprint, …]`), its map built only once it is needed whole. A long session's snapshot
 * holds 20,000 of them, and building their map was about half of restoring the state after a
 * restart, for a first command that asks for a handful of ids (and folds a few events in).
 *
 * Until the map is built, a fingerprint set since the restore is kept apart and looked up first;
 * the others are found by scanning the entries (from the end: the last value of an id given twice,
 * as in a map built from them). The `LOOKUPS_BEFORE_BUILD`th look-up, or iterating, builds the map:
 * the entries in order, then the fingerprints set since, which is the map a restore that built it
 * at once, followed by the same `set`s, would hold.
 */
export class SnapshotFingerprints implements MessageFingerprints {
  private flat: readonly string[] | undefined;
  private readonly setSince = new Map<string, string>();
  private built: Map<string, string> | undefined;
  private lookups = 0;

  /** `flat`: the snapshot's entries, checked already (strings, an even count); not copied. */
  constructor(flat: readonly string[]) {
    this.flat = flat;
  }

  get(messageId: string): string | undefined {
    const map = this.lookUp();
    if (map !== undefined) return map.get(messageId);
    const set = this.setSince.get(messageId);
    if (set !== undefined) return set;
    const at = lastIndexOfId(this.flat ?? [], messageId);
    return at < 0 ? undefined : this.flat?.[at + 1];
  }

  has(messageId: string): boolean {
    return this.get(messageId) !== undefined;
  }

  set(messageId: string, fingerprint: string): this {
    (this.built ?? this.setSince).set(messageId, fingerprint);
    return this;
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return this.map()[Symbol.iterator]();
  }

  /** The map once it is built (counting this look-up toward building it), else `undefined`. */
  private lookUp(): Map<string, string> | undefined {
    if (this.built !== undefined) return this.built;
    this.lookups += 1;
    return this.lookups < LOOKUPS_BEFORE_BUILD ? undefined : this.map();
  }

  private map(): Map<string, string> {
    if (this.built !== undefined) return this.built;
    const flat = this.flat ?? [];
    const map = new Map<string, string>();
    for (let index = 0; index < flat.length; index += 2) map.set(flat[index]!, flat[index + 1]!);
    for (const [messageId, fingerprint] of this.setSince) map.set(messageId, fingerprint);
    this.built = map;
    this.flat = undefined;
    this.setSince.clear();
    return map;
  }
}

/** The index of the last `messageId` among the ids of `flat` (its even indexes), or -1. */
function lastIndexOfId(flat: readonly string[], messageId: string): number {
  for (let index = flat.length - 2; index >= 0; index -= 2) {
    if (flat[index] === messageId) return index;
  }
  return -1;
}
