/**
 * The search view's tokenizer, shared by the index and the query so that both read text alike.
 * SQLite's own tokenizers split on punctuation and keep a run of Chinese characters as one token;
 * this one gives the index two token streams for FTS5's `unicode61` tokenizer to store as they are:
 * - `terms`, in text order (phrases match on it): each word lowercased (letters, digits and `_`,
 *   so `loginHandler` is `loginhandler`, `src/auth.ts` is `src auth ts`), and each run of CJK
 *   characters as its overlapping pairs (`登录失败` is `登录 录失 失败`, as Lucene's CJK analyzer);
 * - `parts`: the pieces inside a word (`login handler` for `loginHandler` and `login_handler`,
 *   `v 2` for `v2`) and every single CJK character, so that a search for a part, or for one
 *   Chinese character, finds the word.
 */
export interface SearchTokens {
  terms: string[];
  parts: string[];
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const RUN = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}_])+)`, 'gu');
const PIECE =
  /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|(?:(?![_\p{Lu}\p{Ll}\p{N}])\p{L})+/gu;

const WORD = /[\p{L}\p{N}_]+/gu;
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_WORD = /[A-Za-z0-9_]+/g;
/** An ASCII word with pieces: camelCase, `_`, letters beside digits, `HTTPServer`. */
const HAS_PIECES = /[a-z][A-Z]|_|[A-Za-z][0-9]|[0-9][A-Za-z]|[A-Z]{2}[a-z]/;

/**
 * What the index stores for `text`: the `terms` column as text for FTS5's `unicode61` tokenizer
 * (which splits it into the same lower-case words as `searchTokens`: the text itself when it has
 * no CJK character, so SQLite does the splitting), and the `parts` column. One pass over the
 * characters (`scanText`) decides which of these a text needs: most text (tool output, code) has
 * neither CJK nor a word with pieces, and is stored as it is.
 */
export function searchIndexText(text: string): { terms: string; parts: string } {
  const scan = scanText(text);
  if (!scan.cjk) {
    if (!scan.pieces && !scan.nonAsciiWord) return { terms: text, parts: '' };
    // Only the parts are needed here: SQLite splits the terms itself.
    if (!scan.nonAsciiWord) return { terms: text, parts: asciiParts(text) };
    return { terms: text, parts: searchTokens(text).parts.join(' ') };
  }
  const tokens = searchTokens(text);
  return { terms: tokens.terms.join(' '), parts: tokens.parts.join(' ') };
}

/** What {@link scanText} found in a text. */
interface TextScan {
  /** A CJK character (when set, the other two may not have been looked for). */
  cjk: boolean;
  /** A non-ASCII letter or digit that is not CJK. */
  nonAsciiWord: boolean;
  /** `HAS_PIECES` somewhere in the text. */
  pieces: boolean;
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
const LETTER = UPPER | LOWER;
/** The class of each ASCII character code: upper, lower, digit, or none (0). */
const ASCII_CLASS = new Uint8Array(128).map((_, code) =>
  code >= 65 && code <= 90
    ? UPPER
    : code >= 97 && code <= 122
      ? LOWER
      : code >= 48 && code <= 57
        ? DIGIT
        : 0,
);
const UNDERSCORE = 95;
const CJK_CHARACTER = 1;
const WORD_CHARACTER = 2;
const IS_CJK = new RegExp(`^[${CJK}]$`, 'u');
const IS_WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
/** Non-ASCII code points classified so far (CJK, another letter or digit, or 0): a text repeats them. */
const nonAsciiClasses = new Map<number, number>();

function nonAsciiClass(point: number): number {
  let known = nonAsciiClasses.get(point);
  if (known === undefined) {
    const character = String.fromCodePoint(point);
    known = IS_CJK.test(character)
      ? CJK_CHARACTER
      : IS_WORD_CHARACTER.test(character)
        ? WORD_CHARACTER
        : 0;
    // Bounded: past this many distinct characters, classify without remembering.
    if (nonAsciiClasses.size < 65_536) nonAsciiClasses.set(point, known);
  }
  return known;
}

/**
 * Whether a text has a CJK character, a non-ASCII letter or digit, and `HAS_PIECES`, in one
 * pass over its character codes (the three expressions each read the whole of a text that has
 * none, which most text is).
 */
function scanText(text: string): TextScan {
  let nonAsciiWord = false;
  let pieces = false;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) {
      const point = text.codePointAt(index) ?? code;
      if (point > 0xffff) index += 1;
      const found = nonAsciiClass(point);
      if (found === CJK_CHARACTER) return { cjk: true, nonAsciiWord, pieces };
      if (found === WORD_CHARACTER) nonAsciiWord = true;
      continue;
    }
    if (pieces) continue;
    if (code === UNDERSCORE) {
      pieces = true;
      continue;
    }
    const here = ASCII_CLASS[code] ?? 0;
    if (here === 0) continue;
    const next = index + 1 < length ? (ASCII_CLASS[text.charCodeAt(index + 1)] ?? 0) : 0;
    if (
      (here === LOWER && next === UPPER) ||
      (here !== DIGIT && next === DIGIT) ||
      (here === DIGIT && (next & LETTER) !== 0) ||
      (here === UPPER &&
        next === UPPER &&
        index + 2 < length &&
        ASCII_CLASS[text.charCodeAt(index + 2)] === LOWER)
    ) {
      pieces = true;
    }
  }
  return { cjk: false, nonAsciiWord, pieces };
}

/** The terms and parts of `text` (see {@link SearchTokens}). */
export function searchTokens(text: string): SearchTokens {
  const terms: string[] = [];
  const parts: string[] = [];
  // Most text (tool output, code) has ASCII words only: cheaper expressions find the same tokens.
  const scan = scanText(text);
  if (!scan.cjk && !scan.nonAsciiWord) return asciiTokens(text);
  if (!scan.cjk) {
    for (const word of text.match(WORD) ?? []) addWord(word, terms, parts);
    return { terms, parts };
  }
  for (const match of text.matchAll(RUN)) {
    const [, cjk, word] = match;
    if (cjk !== undefined) {
      const characters = [...cjk];
      if (characters.length === 1) terms.push(cjk);
      for (let index = 0; index + 1 < characters.length; index += 1) {
        terms.push(`${characters[index]}${characters[index + 1]}`);
      }
      if (characters.length > 1) parts.push(...characters);
    } else if (word !== undefined) {
      addWord(word, terms, parts);
    }
  }
  return { terms, parts };
}

/** A word's term, and its pieces when it has more than one (or one that differs from it). */
function addWord(word: string, terms: string[], parts: string[]): void {
  const lower = word.toLowerCase();
  terms.push(lower);
  // An ASCII word without a case change, `_` or digit next to a letter is one piece: itself.
  if (!HAS_PIECES.test(word) && !NON_ASCII.test(word)) return;
  const pieces = (word.match(PIECE) ?? []).map((piece) => piece.toLowerCase());
  if (pieces.length > 1 || (pieces.length === 1 && pieces[0] !== lower)) parts.push(...pieces);
}

/** `searchTokens` of a text whose words are all ASCII. */
function asciiTokens(text: string): SearchTokens {
  const terms = text.toLowerCase().match(ASCII_WORD) ?? [];
  const parts: string[] = [];
  if (HAS_PIECES.test(text)) {
    for (const word of text.match(ASCII_WORD) ?? []) {
      if (!HAS_PIECES.test(word)) continue;
      for (const piece of word.match(PIECE) ?? []) parts.push(piece.toLowerCase());
    }
  }
  return { terms, parts };
}

/** The `parts` of `asciiTokens(text)`, joined, without its terms, for a text with pieces. */
function asciiParts(text: string): string {
  let parts = '';
  for (const word of text.match(ASCII_WORD) ?? []) {
    if (!HAS_PIECES.test(word)) continue;
    for (const piece of word.match(PIECE) ?? []) {
      parts += parts.length === 0 ? piece.toLowerCase() : ` ${piece.toLowerCase()}`;
    }
  }
  return parts;
}
