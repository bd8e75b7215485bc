/**
 * Wraps system text that has to travel inside a user message (providers that take system text
 * only at the start): `<system-reminder>\n{text}\n</system-reminder>`.
 */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}
