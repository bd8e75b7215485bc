/**
 * Reads back JSON this package wrote into its own read-model tables, from values that had been
 * parsed and checked against the event schemas before they were stored. The read models are
 * derived data, never a trust boundary: anything written by someone else is rebuilt from the log.
 */
export function readOwnJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
