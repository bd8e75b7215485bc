import { HttpEdgeError } from '../security/http-edge-errors';

/** A 404 with its own code (a key, or a session of another tenant, which is never a 403). */
export class NotFoundError extends HttpEdgeError {
  readonly status = 404;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
