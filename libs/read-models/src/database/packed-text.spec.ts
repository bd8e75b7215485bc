import { deflateRawSync } from 'node:zlib';
import {
  DEFLATE_MIN_BYTES,
  PACK_MIN_BYTES,
  packText,
  UNREADABLE_PACKED_TEXT,
  unpackText,
} from './packed-text';

describe('packText', () => {
  it('keeps a short text as text', () => {
    const text = JSON.stringify({ id: 'm1', content: 'short' });
    expect(packText(text)).toBe(text);
    expect(packText(null)).toBeNull();
  });

  it('stores a long text as a version byte and its raw DEFLATE, smaller, read back equal', () => {
    const text = JSON.stringify({ id: 'm1', content: 'const value = 1;\n'.repeat(200) });
    const packed = packText(text);
    expect(Buffer.isBuffer(packed)).toBe(true);
    if (!Buffer.isBuffer(packed)) return;
    expect(packed[0]).toBe(0x01);
    expect(packed.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(unpackText(packed)).toBe(text);
  });

  it('stores a text of half a kilobyte to a kilobyte as a version byte and its Snappy, read back equal', () => {
    const text = JSON.stringify({ id: 'm1', content: 'export function login() {}\n'.repeat(25) });
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(PACK_MIN_BYTES);
    expect(Buffer.byteLength(text)).toBeLessThan(DEFLATE_MIN_BYTES);
    const packed = packText(text);
    expect(Buffer.isBuffer(packed)).toBe(true);
    if (!Buffer.isBuffer(packed)) return;
    expect(packed[0]).toBe(0x02);
    expect(packed.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(unpackText(packed)).toBe(text);
  });

  it('keeps a text under half a kilobyte as text, however well it would pack', () => {
    const text = 'a'.repeat(PACK_MIN_BYTES - 1);
    expect(packText(text)).toBe(text);
  });

  it('reads non-ASCII text back byte-equal', () => {
    const text = '登录失败 résumé 🚀 '.repeat(200);
    const packed = packText(text);
    expect(typeof packed).not.toBe('string');
    expect(unpackText(packed)).toBe(text);
    const short = '登录失败 résumé 🚀 '.repeat(30);
    const packedShort = packText(short);
    expect(Buffer.isBuffer(packedShort) && packedShort[0]).toBe(0x02);
    expect(unpackText(packedShort)).toBe(short);
  });
});

describe('unpackText', () => {
  it('reads a text value and null as they are', () => {
    expect(unpackText('{"id":"m1"}')).toBe('{"id":"m1"}');
    expect(unpackText(null)).toBeNull();
  });

  it('reads a damaged or unknown packed value as unreadable, never as other JSON', () => {
    expect(unpackText(Buffer.from([0x01, 0xff, 0xff, 0xff]))).toBe(UNREADABLE_PACKED_TEXT);
    expect(unpackText(Buffer.concat([Buffer.of(0x03), deflateRawSync('{}')]))).toBe(
      UNREADABLE_PACKED_TEXT,
    );
    // A Snappy header claiming more than is ever packed that way: refused, not allocated.
    expect(unpackText(Buffer.from([0x02, 0xff, 0xff, 0xff, 0x7f, 0x00]))).toBe(
      UNREADABLE_PACKED_TEXT,
    );
    expect(unpackText(Buffer.from([0x02, 0x05, 0x00]))).toBe(UNREADABLE_PACKED_TEXT);
    expect(unpackText(42)).toBe(UNREADABLE_PACKED_TEXT);
  });
});
