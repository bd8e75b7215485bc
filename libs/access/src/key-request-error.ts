/** A key that cannot be created as asked; the message says what to change. */
export class KeyRequestError extends Error {
  readonly code = 'InvalidKeyRequest';
}
