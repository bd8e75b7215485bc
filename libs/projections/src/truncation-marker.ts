/** The marker between the head and the tail a truncated text keeps. */
export function truncationMarker(omitted: number): string {
  return `\n\n[... ${omitted} characters truncated ...]\n\n`;
}
