/**
 * Deep equality of JSON-like values by `jsonDifferences`' rules (object key order does not
 * matter, an `undefined` member counts as absent), without building any path or list: `verify`
 * asks it first, and walks for the differences only where it says the values differ.
 */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }
  const leftIsArray = Array.isArray(left);
  if (leftIsArray !== Array.isArray(right)) return false;
  if (leftIsArray) {
    const leftItems = left as unknown[];
    const rightItems = right as unknown[];
    if (leftItems.length !== rightItems.length) return false;
    for (let index = 0; index < leftItems.length; index += 1) {
      if (!jsonEqual(leftItems[index], rightItems[index])) return false;
    }
    return true;
  }
  const leftMembers = left as Record<string, unknown>;
  const rightMembers = right as Record<string, unknown>;
  let defined = 0;
  for (const key in leftMembers) {
    if (!Object.hasOwn(leftMembers, key)) continue;
    const value = leftMembers[key];
    if (value === undefined) continue;
    defined += 1;
    if (!Object.hasOwn(rightMembers, key) || !jsonEqual(value, rightMembers[key])) return false;
  }
  for (const key in rightMembers) {
    if (Object.hasOwn(rightMembers, key) && rightMembers[key] !== undefined) defined -= 1;
  }
  return defined === 0;
}
