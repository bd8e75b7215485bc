/** Characters that are words (lowercase runs of three or more, or a capital and two lowercase). */
const WORDS = /[a-z]{3,}|[A-Z][a-z]{2,}/g;

/**
 * Whether a run of exactly 40 characters of `[A-Za-z0-9/+]` (found with no such character, `=`,
 * `_` or `-` next to it) looks like an AWS secret access key found bare, without a name: random
 * base64 of 30 bytes. The same run is also what a hash, an identifier, a path or the base64 of
 * text can be, so it must hold an uppercase letter, a lowercase letter and a digit (a git SHA or
 * a SHA-1 in hex has one case only), be mostly not words (a path or a CamelCase name: at most
 * 70 % of it in runs such as `rror`, `Response`), and not decode as base64 to text (random bytes
 * are text with a chance below 10^-12). About 1 in 200 real keys fail one of the tests and are
 * missed; a key named in an assignment (`aws_secret_access_key = …`) is redacted by that rule.
 */
export function isRandom40CharacterKey(candidate: string): boolean {
  if (!/[A-Z]/.test(candidate) || !/[a-z]/.test(candidate) || !/[0-9]/.test(candidate)) {
    return false;
  }
  let inWords = 0;
  for (const word of candidate.matchAll(WORDS)) inWords += word[0].length;
  if (inWords > 0.7 * candidate.length) return false;
  return !decodesToText(candidate);
}

/** 27 or more of the 30 bytes the base64 decodes to are printable ASCII, tab or newline. */
function decodesToText(base64: string): boolean {
  const bytes = Buffer.from(base64, 'base64');
  let printable = 0;
  for (const byte of bytes) {
    if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) {
      printable += 1;
    }
  }
  return printable >= 0.9 * bytes.length;
}
