import { randomBytes } from 'node:crypto';
import { contentAad } from './content-aad';
import { openContent } from './open-content';
import { sealContent } from './seal-content';
import type { SealedContentV1 } from './sealed-content';

const key = randomBytes(32);
const aad = contentAad('session-s1', '1b7c1b0e-8f61-4d0a-9c3b-7d2f0a4b5c6d', 'UserInputRecorded');
const plaintext = JSON.stringify({ id: 'm1', content: 'the secret word is heliotrope' });

function sealed(): SealedContentV1 {
  return sealContent({ plaintext, keyId: 'k1', key, iv: randomBytes(12), aad });
}

/** `base64` with its first byte flipped. */
function flipped(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return bytes.toString('base64');
}

describe('sealContent and openContent', () => {
  it('open what they seal, and the ciphertext holds the plaintext in no readable form', () => {
    const content = sealed();
    expect(content).toMatchObject({ v: 1, keyId: 'k1' });
    expect(Buffer.from(content.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(content.tag, 'base64')).toHaveLength(16);
    expect(openContent(content, key, aad)).toBe(plaintext);
    const stored = JSON.stringify(content);
    expect(stored).not.toContain('heliotrope');
    expect(stored).not.toContain(Buffer.from('heliotrope').toString('base64').slice(0, 12));
  });

  it('never give the same ciphertext twice for the same plaintext (a fresh IV each time)', () => {
    expect(sealed().ciphertext).not.toBe(sealed().ciphertext);
  });

  it.each([
    [
      'a changed ciphertext',
      (content: SealedContentV1) => ({ ...content, ciphertext: flipped(content.ciphertext) }),
    ],
    ['a changed tag', (content: SealedContentV1) => ({ ...content, tag: flipped(content.tag) })],
    ['a changed IV', (content: SealedContentV1) => ({ ...content, iv: flipped(content.iv) })],
    [
      'a short IV',
      (content: SealedContentV1) => ({ ...content, iv: Buffer.alloc(8).toString('base64') }),
    ],
  ])('refuse %s', (_, tamper) => {
    expect(openContent(tamper(sealed()), key, aad)).toBeUndefined();
  });

  it('refuse another key', () => {
    expect(openContent(sealed(), randomBytes(32), aad)).toBeUndefined();
  });

  it.each([
    [
      'another stream',
      contentAad('session-s2', '1b7c1b0e-8f61-4d0a-9c3b-7d2f0a4b5c6d', 'UserInputRecorded'),
    ],
    [
      'another event',
      contentAad('session-s1', '2b7c1b0e-8f61-4d0a-9c3b-7d2f0a4b5c6d', 'UserInputRecorded'),
    ],
    [
      'another type',
      contentAad('session-s1', '1b7c1b0e-8f61-4d0a-9c3b-7d2f0a4b5c6d', 'SystemNoteRecorded'),
    ],
  ])('refuse a ciphertext moved to %s', (_, movedAad) => {
    expect(openContent(sealed(), key, movedAad)).toBeUndefined();
  });
});
