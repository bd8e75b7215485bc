/**
 * `value` with `createdAt` set to `now` when it is an object without one; anything else as it was
 * (validation then says what is wrong with it). Runs before validation, so a message may omit it.
 */
export function withCreatedAt(value: unknown, now: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if ('createdAt' in value && value.createdAt !== undefined) return value;
  return { ...value, createdAt: now };
}
