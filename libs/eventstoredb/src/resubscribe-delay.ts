/** How long to wait before resubscribing, doubling per failed attempt up to a ceiling. */
export interface BackoffSettings {
  /** First delay, in milliseconds. */
  initialDelayMs: number;
  /** Ceiling, in milliseconds. */
  maxDelayMs: number;
}

/** Exponential backoff: `initialDelayMs × 2^(attempt-1)`, at most `maxDelayMs`. Attempts count from 1. */
export function resubscribeDelay(attempt: number, settings: BackoffSettings): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(settings.initialDelayMs * 2 ** exponent, settings.maxDelayMs);
}
