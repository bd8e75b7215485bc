import type { JsonObject } from '@agent-ledger/messages';
import { largeEntryStrings } from './large-entry-strings';
import { withEntryStrings } from './with-entry-strings';

const big = 'é'.repeat(600);
const entries: JsonObject[] = [
  { type: 'summary', summary: 'short' },
  {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', content: big }] },
    toolUseResult: { stdout: big, [big]: 'a key is never taken' },
  },
];

describe('largeEntryStrings and withEntryStrings', () => {
  it('finds the values above the threshold in UTF-8 bytes (not UTF-16 units), with their places', () => {
    // 600 characters of 2 bytes each: 1200 bytes, above 1000, though only 600 units long.
    expect(largeEntryStrings(entries, 1000)).toEqual([
      { entry: 1, path: ['message', 'content', 0, 'content'], value: big },
      { entry: 1, path: ['toolUseResult', 'stdout'], value: big },
    ]);
    expect(largeEntryStrings(entries, 1200)).toEqual([]);
  });

  it('takes them out and puts them back to the same entries, leaving the input untouched', () => {
    const found = largeEntryStrings(entries, 1000);
    const emptied = withEntryStrings(
      entries,
      found.map(({ entry, path }) => ({ entry, path, value: '' })),
    );
    expect(emptied[1]).toEqual({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', content: '' }] },
      toolUseResult: { stdout: '', [big]: 'a key is never taken' },
    });
    expect(JSON.stringify(withEntryStrings(emptied, found))).toBe(JSON.stringify(entries));
    expect(JSON.stringify(entries[1])).toContain(big);
  });

  it('leaves a place that is not in the entry alone', () => {
    expect(withEntryStrings(entries, [{ entry: 0, path: ['missing', 0], value: 'x' }])).toEqual(
      entries,
    );
    expect(withEntryStrings(entries, [{ entry: 5, path: [], value: 'x' }])).toEqual(entries);
  });
});
