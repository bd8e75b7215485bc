import fc from 'fast-check';
import type { StreamMetadata } from './event-store';
import { decodeStreamMetadata, encodeStreamMetadata } from './stream-metadata-codec';

describe('stream metadata in EventStoreDB JSON', () => {
  it('encodes the rules as $-keys and custom metadata at the top level', () => {
    expect(
      encodeStreamMetadata({
        maxCount: 5,
        maxAge: 60,
        truncateBefore: 2,
        customMetadata: { owner: 'agent-1' },
      }),
    ).toEqual({ owner: 'agent-1', $maxCount: 5, $maxAge: 60, $tb: 2 });
  });

  it('decodes what it understands and drops the rest', () => {
    expect(
      decodeStreamMetadata({
        $maxCount: 5,
        $maxAge: -1,
        $tb: 'x',
        $acl: { $r: 'all' },
        owner: 'agent-1',
      }),
    ).toEqual({ maxCount: 5, customMetadata: { owner: 'agent-1' } });
    expect(decodeStreamMetadata([1])).toEqual({});
    expect(decodeStreamMetadata(null)).toEqual({});
  });

  it('decodes what it encodes', () => {
    const count = fc.nat({ max: Number.MAX_SAFE_INTEGER });
    const metadata: fc.Arbitrary<StreamMetadata> = fc.record(
      {
        maxCount: count,
        maxAge: count,
        truncateBefore: count,
        customMetadata: fc.dictionary(
          fc.string({ minLength: 1 }).filter((key) => !key.startsWith('$') && key !== '__proto__'),
          fc.jsonValue(),
          { minKeys: 1 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(metadata, (value) => {
        const json: unknown = JSON.parse(JSON.stringify(encodeStreamMetadata(value)));
        expect(decodeStreamMetadata(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
