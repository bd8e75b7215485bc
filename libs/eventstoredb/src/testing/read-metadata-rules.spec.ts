import { readMetadataRules } from './read-metadata-rules';

const raw = (json: string): Uint8Array => Buffer.from(json, 'utf8');

describe('readMetadataRules', () => {
  it('reads $maxCount, $maxAge and $tb, ignoring custom keys', () => {
    expect(readMetadataRules(raw('{"$maxCount":3,"$maxAge":60,"$tb":2,"owner":"x"}'))).toEqual({
      maxCount: 3,
      maxAge: 60,
      truncateBefore: 2,
      softDeleted: false,
    });
  });

  it('recognises the soft-delete mark, long.MaxValue written as a JSON number', () => {
    expect(readMetadataRules(raw('{"$maxCount":3,"$tb":9223372036854775807}'))).toEqual({
      maxCount: 3,
      softDeleted: true,
    });
  });

  it.each([
    ['no metadata', undefined],
    ['empty bytes', new Uint8Array()],
    ['malformed JSON', raw('{"$maxCount":')],
    ['a JSON array', raw('[1]')],
    ['rules that are not integers', raw('{"$maxCount":"3","$tb":-1}')],
  ])('gives no rule for %s', (_, bytes) => {
    expect(readMetadataRules(bytes)).toEqual({ softDeleted: false });
  });
});
