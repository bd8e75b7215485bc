import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { openPayload, sealPayload } from './seal-payload';

const key = randomBytes(32);
const aad = Buffer.from('agent-ledger/content/v1\0session-s1\0event-1\0UserInputRecorded');

/** The readable part as a store gives it back: JSON text parsed again. */
const stored = (readable: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(readable)) as Record<string, unknown>;

describe('sealPayload and openPayload', () => {
  it('gives back every payload with its fields in their order, whichever fields are readable', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
          maxKeys: 8,
        }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (raw, readableMask) => {
          const payload = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
          const readable: Record<string, unknown> = {};
          Object.keys(payload).forEach((field, index) => {
            if (readableMask[index] === true) readable[field] = payload[field];
          });
          const sealed = sealPayload({
            payload,
            readable,
            keyId: 'k1',
            key,
            iv: randomBytes(12),
            aad,
          });
          if (sealed === undefined) {
            // Only when a readable field's value is 0 where the stand-in would be ambiguous.
            return;
          }
          const opened = openPayload(sealed, stored(readable), key, aad);
          expect(JSON.stringify(opened)).toBe(JSON.stringify(payload));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('seals only what is not readable: the readable values stand as 0 in the plaintext', () => {
    const content = 'x'.repeat(300);
    const payload = { id: 'm1', sessionId: 's1', role: 'user', content };
    const readable = { id: 'm1', sessionId: 's1', role: 'user' };
    const whole = sealPayload({
      payload,
      readable: {},
      keyId: 'k1',
      key,
      iv: randomBytes(12),
      aad,
    });
    const compact = sealPayload({ payload, readable, keyId: 'k1', key, iv: randomBytes(12), aad });
    expect(compact?.box.length).toBeLessThan(whole?.box.length ?? 0);
    expect(openPayload(compact!, readable, key, aad)).toEqual(payload);
  });

  it('does not open when a readable field, the box, the key or the additional data changed', () => {
    const payload = { id: 'm1', role: 'user', content: 'secret' };
    const readable = { id: 'm1', role: 'user' };
    const sealed = sealPayload({ payload, readable, keyId: 'k1', key, iv: randomBytes(12), aad })!;
    expect(openPayload(sealed, { id: 'm1', role: 'assistant' }, key, aad)).toBeUndefined();
    expect(openPayload(sealed, { id: 'm1' }, key, aad)).toBeUndefined();
    expect(openPayload(sealed, readable, randomBytes(32), aad)).toBeUndefined();
    expect(openPayload(sealed, readable, key, Buffer.from('another event'))).toBeUndefined();
    const box = Buffer.from(sealed.box, 'base64');
    box[14] = (box[14] ?? 0) ^ 1;
    expect(
      openPayload({ ...sealed, box: box.toString('base64') }, readable, key, aad),
    ).toBeUndefined();
    expect(openPayload({ ...sealed, box: 'AAAA' }, readable, key, aad)).toBeUndefined();
    expect(openPayload(sealed, readable, key, aad)).toEqual(payload);
  });

  it('seals a field named __proto__ as a field like any other, in its place', () => {
    const payload = JSON.parse(
      '{"id":"m1","__proto__":{"polluted":true},"content":"secret"}',
    ) as Record<string, unknown>;
    const sealed = sealPayload({
      payload,
      readable: { id: 'm1' },
      keyId: 'k1',
      key,
      iv: randomBytes(12),
      aad,
    })!;
    const opened = openPayload(sealed, { id: 'm1' }, key, aad);
    expect(JSON.stringify(opened)).toBe(JSON.stringify(payload));
    expect(Object.getPrototypeOf(opened)).toBe(Object.prototype);
  });

  it('declines a payload whose 0 would stand for a readable field of another value', () => {
    const payload = { usage: 0, content: 'secret' };
    expect(
      sealPayload({ payload, readable: { usage: 5 }, keyId: 'k1', key, iv: randomBytes(12), aad }),
    ).toBeUndefined();
  });
});
