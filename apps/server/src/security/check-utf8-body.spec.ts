import { checkUtf8Body } from './check-utf8-body';

function refusal(bytes: number[]): unknown {
  try {
    checkUtf8Body(Buffer.from(bytes));
    return undefined;
  } catch (error) {
    return error;
  }
}

const text = (value: string): number[] => [...Buffer.from(value, 'utf8')];

describe('checkUtf8Body', () => {
  it('takes UTF-8, multi-byte characters, U+FFFD itself and an empty body', () => {
    for (const body of ['{"a":"b"}', '{"t":"長い ✓ 😀"}', '{"r":"\uFFFD"}', '']) {
      expect(refusal(text(body))).toBeUndefined();
    }
  });

  it.each([
    ['a Latin-1 byte', [...text('{"a":"caf'), 0xe9, ...text('"}')], 9],
    ['a lone continuation byte', [...text('{"a":"'), 0x80, ...text('"}')], 6],
    ['a truncated 3-byte sequence', [...text('{"a":"x'), 0xe6, 0x97, ...text('"}')], 7],
    ['an overlong encoding of "/"', [...text('{"a":"'), 0xc0, 0xaf, ...text('"}')], 6],
    ['an encoded surrogate (CESU-8)', [...text('{"a":"'), 0xed, 0xa0, 0x80, ...text('"}')], 6],
    ['a truncated sequence at the end', [...text('{"a":1}'), 0xf0, 0x9f], 7],
  ])('refuses %s with 400 InvalidUtf8 naming the byte offset', (_name, bytes, offset) => {
    expect(refusal(bytes)).toMatchObject({
      status: 400,
      code: 'InvalidUtf8',
      message: `The request body is not valid UTF-8 (the first invalid byte sequence starts at byte ${offset}); send JSON encoded as UTF-8. Nothing was appended.`,
    });
  });
});
