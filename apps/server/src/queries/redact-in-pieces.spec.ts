import { redactInPieces } from './redact-in-pieces';

/** `text` as an asynchronous source of pieces of `length` characters. */
async function* piecesOf(text: string, length: number): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += length) {
    yield await Promise.resolve(text.slice(start, start + length));
  }
}

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}

const limits = { pieceCharacters: 100, lineCutCharacters: 400, hardCutCharacters: 1000 };
const pem = '-----BEGIN KEY-----\nabc\ndef\n-----END KEY-----';
/** Redacts a PEM-like block that spans lines, as the export's secret rules do. */
const redact = (text: string) =>
  text.replace(/-----BEGIN KEY-----[\s\S]*?-----END KEY-----/g, '[REDACTED]');

describe('redactInPieces', () => {
  it('redacts a block given across pieces, cut at blank lines', async () => {
    const text = `${'a paragraph\n\n'.repeat(30)}${pem}\n\n${'more text\n\n'.repeat(30)}`;
    const pieces = await collect(redactInPieces(piecesOf(text, 7), redact, limits));
    expect(pieces.join('')).toBe(redact(text));
    expect(pieces.join('')).not.toContain('BEGIN KEY');
    expect(pieces.length).toBeGreaterThan(3);
  });

  it('cuts at a line end when no blank line comes, and anywhere past the hard limit', async () => {
    const lines = `${'one line\n'.repeat(100)}`;
    const cutAtLines = await collect(redactInPieces(piecesOf(lines, 50), redact, limits));
    expect(cutAtLines.join('')).toBe(lines);
    expect(cutAtLines.slice(0, -1).every((piece) => piece.endsWith('\n'))).toBe(true);
    expect(Math.max(...cutAtLines.map((piece) => piece.length))).toBeLessThan(450);

    const oneLine = 'x'.repeat(5000);
    const cutAnywhere = await collect(redactInPieces(piecesOf(oneLine, 64), redact, limits));
    expect(cutAnywhere.join('')).toBe(oneLine);
    expect(Math.max(...cutAnywhere.map((piece) => piece.length))).toBeLessThan(1064);
  });
});
