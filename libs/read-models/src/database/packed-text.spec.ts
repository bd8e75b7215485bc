import { deflateRawSync } from 'node:zlib';
import { packText, UNREADABLE_PACKED_TEXT, unpackText } from './packed-text';

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

  it('reads non-ASCII text back byte-equal', () => {
    const text = '登录失败 résumé 🚀 '.repeat(200);
    const packed = packText(text);
    expect(typeof packed).not.toBe('string');
    expect(unpackText(packed)).toBe(text);
  });
});

describe('unpackText', () => {
  it('reads a text value and null as they are', () => {
    expect(unpackText('{"id":"m1"}')).toBe('{"id":"m1"}');
    expect(unpackText(null)).toBeNull();
  });

  it('reads a damaged or unknown packed value as unreadable, never as other JSON', () => {
    expect(unpackText(Buffer.from([0x01, 0xff, 0xff, 0xff]))).toBe(UNREADABLE_PACKED_TEXT);
    expect(unpackText(Buffer.concat([Buffer.of(0x02), deflateRawSync('{}')]))).toBe(
      UNREADABLE_PACKED_TEXT,
    );
    expect(unpackText(42)).toBe(UNREADABLE_PACKED_TEXT);
  });
});
