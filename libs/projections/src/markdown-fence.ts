/**
 * Wraps `text` in a fenced code block whose fence is longer than any backtick run inside it, so
 * tool output containing ``` cannot end the block early.
 */
export function markdownFence(text: string, info = ''): string {
  const longestRun = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}
