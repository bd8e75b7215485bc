const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** True for 64 lower-case hexadecimal digits: how a blob's SHA-256 is written everywhere. */
export function isSha256(value: string): boolean {
  return SHA256_PATTERN.test(value);
}
