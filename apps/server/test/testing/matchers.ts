/**
 * Jest's asymmetric matchers, typed `unknown` instead of `any`: object literals that hold them
 * (expected bodies, expected events) stay checked by the type-aware lint rules.
 */
export const anyNumber: unknown = expect.any(Number);
export const anyString: unknown = expect.any(String);

export function stringMatching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern) as unknown;
}

export function stringContaining(text: string): unknown {
  return expect.stringContaining(text) as unknown;
}
