import { checkJsonBody } from './check-json-body';
import { UnacceptableJsonError } from './http-edge-errors';

const options = { maxDepth: 4 };

/** The code and message `checkJsonBody` refuses `body` with. */
function refusal(body: unknown): { code: string; message: string } | undefined {
  try {
    checkJsonBody(body, options);
    return undefined;
  } catch (error) {
    if (!(error instanceof UnacceptableJsonError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('checkJsonBody', () => {
  it('accepts a body at the depth limit, with paired surrogates (emoji) and safe revisions', () => {
    expect(
      refusal({ a: { b: { c: ['😀'] } }, expectedRevision: 9007199254740991 }),
    ).toBeUndefined();
  });

  it('refuses a body one level deeper than the limit, naming where', () => {
    expect(refusal({ a: { b: { c: [{}] } } })).toEqual({
      code: 'JsonTooDeep',
      message:
        'The request body is nested more than 4 levels deep (at a.b.c[0]); the limit is MAX_JSON_DEPTH. Nothing was appended.',
    });
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let deep: unknown = [];
    for (let index = 0; index < 100_000; index += 1) deep = [deep];
    expect(refusal(deep)?.code).toEqual('JsonTooDeep');
  });

  it.each([
    ['a high surrogate alone, in a value', { messages: [{ id: 'm\uD800' }] }, 'messages[0].id'],
    ['a low surrogate alone', { text: '\uDC00x' }, 'text'],
    ['a surrogate in a property name', { nested: { ['k\uD83D']: 1 } }, 'nested'],
  ])('refuses %s', (_name, body, field) => {
    expect(refusal(body)).toMatchObject({ code: 'InvalidText' });
    expect(refusal(body)?.message.startsWith(`${field} holds a lone UTF-16 surrogate`)).toBe(true);
  });

  describe('keys that would change a prototype (ForbiddenKey)', () => {
    it('refuses "__proto__" anywhere, naming where', () => {
      const body: unknown = JSON.parse('{"messages":[{"input":{"__proto__":{"x":1}}}]}');
      expect(refusal(body)).toEqual({
        code: 'ForbiddenKey',
        message:
          'The key "__proto__" (at messages[0].input.__proto__) is not accepted: code that copies the object by assignment would change its prototype instead of keeping the key. Rename the key. Nothing was appended.',
      });
      expect(refusal(JSON.parse('{"__proto__":null}'))?.code).toEqual('ForbiddenKey');
    });

    it('refuses a "prototype" inside "constructor", and takes "constructor", "prototype" and "proto" alone', () => {
      expect(refusal(JSON.parse('{"input":{"constructor":{"prototype":{}}}}'))).toMatchObject({
        code: 'ForbiddenKey',
        message: expect.stringContaining(
          'The key "constructor.prototype" (at input.constructor.prototype)',
        ) as unknown,
      });
      expect(
        refusal(JSON.parse('{"constructor":"Foo","prototype":1,"proto":{"constructor":[1]}}')),
      ).toBeUndefined();
    });
  });

  it('refuses an expectedRevision past 2^53 and leaves other large numbers alone', () => {
    expect(refusal({ expectedRevision: 2 ** 53 })?.code).toEqual('RevisionOutOfRange');
    expect(refusal({ input: { count: 2 ** 60 }, expectedRevision: -1 })).toBeUndefined();
  });
});
