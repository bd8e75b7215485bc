import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { contentAad } from './content-aad';
import { openContent } from './open-content';
import { sealContent } from './seal-content';

describe('sealContent and openContent, for every payload', () => {
  it('open exactly the JSON text sealed (key order included), and nothing once a byte of it changed', () => {
    fc.assert(
      fc.property(
        fc.json(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uuid(),
        fc.nat(),
        (plaintext, keyBytes, eventId, flip) => {
          const key = Buffer.from(keyBytes);
          const aad = contentAad('session-s1', eventId, 'UserInputRecorded');
          const sealed = sealContent({ plaintext, keyId: 'k1', key, iv: randomBytes(12), aad });
          expect(openContent(sealed, key, aad)).toBe(plaintext);
          const bytes = Buffer.from(sealed.ciphertext, 'base64');
          if (bytes.length === 0) return;
          const index = flip % bytes.length;
          bytes[index] = (bytes[index] ?? 0) ^ 0x01;
          expect(
            openContent({ ...sealed, ciphertext: bytes.toString('base64') }, key, aad),
          ).toBeUndefined();
        },
      ),
    );
  });
});
