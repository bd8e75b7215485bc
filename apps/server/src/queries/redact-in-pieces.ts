/** How much text is gathered before it is redacted and written, and the bounds on waiting. */
export interface RedactInPiecesLimits {
  /** Characters gathered before a cut is looked for at a blank line. */
  pieceCharacters: number;
  /** Characters past which a cut is made at a line end when no blank line came. */
  lineCutCharacters: number;
  /** Characters past which the text is cut where it is (a line that long). */
  hardCutCharacters: number;
}

const DEFAULT_LIMITS: RedactInPiecesLimits = {
  pieceCharacters: 256 * 1024,
  lineCutCharacters: 1024 * 1024,
  hardCutCharacters: 4 * 1024 * 1024,
};

/**
 * A long text, given in pieces, redacted as the export redacts its messages and given back in
 * pieces, never whole in memory. `redact` runs on spans cut at a blank line (else a line end,
 * else, past `hardCutCharacters`, anywhere), so that a secret (a `Bearer` token, a PEM block) is
 * never split between two spans unless a line (or a block without a blank line) runs past the
 * limits.
 */
export async function* redactInPieces(
  pieces: AsyncIterable<string>,
  redact: (text: string) => string,
  limits: RedactInPiecesLimits = DEFAULT_LIMITS,
): AsyncGenerator<string> {
  let pending = '';
  for await (const piece of pieces) {
    pending += piece;
    while (pending.length >= limits.pieceCharacters) {
      const cut = cutAt(pending, limits);
      if (cut === undefined) break;
      yield redact(pending.slice(0, cut));
      pending = pending.slice(cut);
    }
  }
  if (pending !== '') yield redact(pending);
}

function cutAt(text: string, limits: RedactInPiecesLimits): number | undefined {
  const blankLine = text.lastIndexOf('\n\n');
  if (blankLine > 0) return blankLine + 2;
  if (text.length >= limits.lineCutCharacters) {
    const lineEnd = text.lastIndexOf('\n');
    if (lineEnd > 0) return lineEnd + 1;
  }
  return text.length >= limits.hardCutCharacters ? text.length : undefined;
}
