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

/** The terms and parts of `text` (see {@link SearchTokens}). */
export function searchTokens(text: string): SearchTokens {
  const terms: string[] = [];
  const parts: string[] = [];
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
      const lower = word.toLowerCase();
      terms.push(lower);
      const pieces = (word.match(PIECE) ?? []).map((piece) => piece.toLowerCase());
      if (pieces.length > 1 || (pieces.length === 1 && pieces[0] !== lower)) parts.push(...pieces);
    }
  }
  return { terms, parts };
}
