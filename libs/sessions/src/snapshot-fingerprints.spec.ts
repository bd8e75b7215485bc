import fc from 'fast-check';
import { SnapshotFingerprints } from './snapshot-fingerprints';

/** The map a restore that built it at once would hold: what `SnapshotFingerprints` must answer as. */
function builtMap(flat: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (let index = 0; index < flat.length; index += 2) map.set(flat[index]!, flat[index + 1]!);
  return map;
}

type Step =
  { op: 'get' | 'has'; id: string } | { op: 'set'; id: string; value: string } | { op: 'entries' };

// Few ids, so that look-ups and sets meet the snapshot's ids (and each other's) often.
const id = fc.constantFrom('m1', 'm2', 'm3', 'm4', 'm5', 'm6');
const fingerprint = fc.string({ maxLength: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constantFrom('get' as const, 'has' as const), id }),
  fc.record({ op: fc.constant('set' as const), id, value: fingerprint }),
  fc.record({ op: fc.constant('entries' as const) }),
);

function apply(fingerprints: SnapshotFingerprints | Map<string, string>, next: Step): unknown {
  switch (next.op) {
    case 'get':
      return fingerprints.get(next.id);
    case 'has':
      return fingerprints.has(next.id);
    case 'set':
      fingerprints.set(next.id, next.value);
      return undefined;
    case 'entries':
      return [...fingerprints];
  }
}

describe('SnapshotFingerprints', () => {
  it('answers as the map a restore would have built at once, before and after it builds its own', () => {
    const flat = fc
      .array(fc.tuple(id, fingerprint), { maxLength: 10 })
      .map((pairs) => pairs.flat());
    // Up to 150 steps: past the look-ups after which it builds its map.
    fc.assert(
      fc.property(flat, fc.array(step, { maxLength: 150 }), (entries, steps) => {
        const lazy = new SnapshotFingerprints(entries);
        const eager = builtMap(entries);
        for (const next of steps) expect(apply(lazy, next)).toEqual(apply(eager, next));
        expect([...lazy]).toEqual([...eager]);
      }),
    );
  });

  it('answers a few look-ups from the entries, without building its map', () => {
    const flat = ['m1', 'f1', 'm2', 'f2', 'm1', 'f1 again'];
    const fingerprints = new SnapshotFingerprints(flat);
    fingerprints.set('m3', 'f3');
    expect(['m1', 'm2', 'm3', 'm4'].map((messageId) => fingerprints.get(messageId))).toEqual([
      'f1 again',
      'f2',
      'f3',
      undefined,
    ]);
    // Still read from the entries (changed behind its back here, to show it).
    flat[3] = 'changed';
    expect(fingerprints.has('m2')).toBe(true);
    expect(fingerprints.get('m2')).toBe('changed');
    // Iterating builds the map: the entries in order, then what was set since.
    expect([...fingerprints]).toEqual([
      ['m1', 'f1 again'],
      ['m2', 'changed'],
      ['m3', 'f3'],
    ]);
    flat[3] = 'changed again';
    expect(fingerprints.get('m2')).toBe('changed');
  });
});
