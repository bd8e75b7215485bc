import type { Scope } from '@agent-ledger/access';
import { HttpEdgeError } from '../security/http-edge-errors';

/** No key, or one that is unknown, malformed or revoked, on a server that requires keys. */
export class UnauthorizedError extends HttpEdgeError {
  readonly code = 'Unauthorized';
  readonly status = 401;
  constructor(reason: 'missing' | 'invalid') {
    super(
      reason === 'missing'
        ? 'This server requires an API key: send "Authorization: Bearer <key>". An operator creates one with `agent-ledger keys create --tenant <tenant> --scope read` (docs/security.md).'
        : 'The API key is unknown, malformed or revoked; nothing was read or written. Ask an operator for a valid key (`agent-ledger keys list` shows which exist).',
    );
  }
}

/** The key is valid but lacks the scope the route needs. */
export class ForbiddenError extends HttpEdgeError {
  readonly code = 'Forbidden';
  readonly status = 403;
  constructor(
    readonly scope: Scope,
    what: string,
  ) {
    super(`${what} needs a key with the "${scope}" scope; this key does not have it.`);
  }
}
