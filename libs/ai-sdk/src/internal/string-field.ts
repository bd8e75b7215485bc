/** The `type` or `role` of a value that got past the types (for an error message), else its `typeof`. */
export function stringField(value: unknown, field: 'type' | 'role'): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  const found: unknown = Object.getOwnPropertyDescriptor(value, field)?.value;
  return typeof found === 'string' ? found : typeof value;
}
