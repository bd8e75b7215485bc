import { jsonDifferences } from './json-differences';

describe('jsonDifferences', () => {
  it('is empty for equal values, whatever the key order, undefined members counting as absent', () => {
    expect(
      jsonDifferences({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1, d: undefined }),
    ).toEqual([]);
  });

  it('names the path of every difference', () => {
    expect(
      jsonDifferences(
        {
          transcript: { messages: [{ id: 'm1', compactedAt: 'T' }, { id: 'm2' }] },
          summary: { revision: 6 },
        },
        { transcript: { messages: [{ id: 'm1' }] }, summary: { revision: 5 } },
      ),
    ).toEqual([
      '$.summary.revision: expected 6, found 5',
      '$.transcript.messages[0].compactedAt: expected "T", found nothing',
      '$.transcript.messages[1]: expected {"id":"m2"}, found nothing',
    ]);
  });
});
