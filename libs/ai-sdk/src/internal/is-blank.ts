/** True for text that a provider would reject as an empty text block (empty or only whitespace). */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}
