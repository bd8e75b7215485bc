import { DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS } from './defaults';

/**
 * The soft limit a projection context's `toolResultSoftLimitChars` gives: a whole number of
 * characters, the default when it is unset or odd (negative, not finite).
 */
export function toolResultSoftLimitOf(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : DEFAULT_TOOL_RESULT_SOFT_LIMIT_CHARS;
}
