/** East Asian wide and fullwidth ranges (and emoji): two terminal columns each. */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;

/** Terminal columns a character takes: 2 for wide (CJK, fullwidth, emoji), else 1. */
function charWidth(char: string): number {
  return WIDE.test(char) ? 2 : 1;
}

/** Terminal columns `text` takes, so that tables with Chinese or Japanese text still align. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** `text` cut to at most `columns` terminal columns, ending in `…` when it was cut. */
export function truncateToWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let width = 0;
  let kept = '';
  for (const char of text) {
    const next = charWidth(char);
    if (width + next > columns - 1) break;
    kept += char;
    width += next;
  }
  return `${kept}…`;
}
