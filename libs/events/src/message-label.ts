/** `message "m4"`, or `message` when `value` has no string id: how complaints name a message. */
export function messageLabel(value: unknown): string {
  const id = messageIdOf(value);
  return id === undefined ? 'message' : `message ${JSON.stringify(id)}`;
}

/** The `id` of a would-be message, when it has a string one. */
export function messageIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
  return typeof value.id === 'string' ? value.id : undefined;
}
