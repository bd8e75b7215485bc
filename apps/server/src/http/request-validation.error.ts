/** A request body (or path parameter) is malformed: each complaint names the field and why. */
export class RequestValidationError extends Error {
  readonly code = 'InvalidRequest';
  constructor(readonly errors: string[]) {
    super(`The request is not valid: ${errors.join('; ')}. Nothing was appended.`);
  }
}
