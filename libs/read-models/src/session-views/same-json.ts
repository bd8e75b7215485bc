/**
 * Deep equality of JSON values as normalization's duplicate check has it: object key order does
 * not matter, and a member whose value is `undefined` counts as absent.
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item: unknown, index) => sameJson(item, right[index]))
    );
  }
  const leftEntries = definedEntries(left);
  const rightEntries = new Map(definedEntries(right));
  return (
    leftEntries.length === rightEntries.size &&
    leftEntries.every(
      ([key, value]) => rightEntries.has(key) && sameJson(value, rightEntries.get(key)),
    )
  );
}

function definedEntries(value: object): Array<[string, unknown]> {
  return Object.entries(value).filter(([, entry]) => entry !== undefined);
}
