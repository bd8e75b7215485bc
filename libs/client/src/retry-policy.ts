/** When and how long the client waits before sending a request again. */
export interface RetryOptions {
  /** Retries after the first attempt (default 4; 0 turns retrying off). */
  retries?: number;
  /** The first backoff, doubled on each retry (default 200 ms). */
  minDelayMs?: number;
  /** The longest wait, also for a `Retry-After` (default 10 s). */
  maxDelayMs?: number;
}

const DEFAULTS = {
  retries: 4,
  minDelayMs: 200,
  maxDelayMs: 10_000,
} satisfies Required<RetryOptions>;

/** The options with their defaults filled in. */
export function resolveRetryOptions(options: RetryOptions | undefined): Required<RetryOptions> {
  return { ...DEFAULTS, ...options };
}

/** Statuses worth retrying: the store was unreachable, or the server asked to slow down. */
export function isRetryableStatus(status: number): boolean {
  return status === 503 || status === 429;
}

/**
 * The wait before retry number `retry` (1-based): `Retry-After` when the server sent one (capped
 * at `maxDelayMs`), else exponential backoff with jitter (between half and all of it, `random()` in [0, 1)), so
 * clients that failed together do not come back together.
 */
export function retryDelayMs(
  retry: number,
  options: Required<RetryOptions>,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
