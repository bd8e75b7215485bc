import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { isApiPath } from '../access/authenticate-requests';
import { HttpEdgeError } from '../security/http-edge-errors';

/** A write to a server that started read-only (a full disk). */
export class StorageReadOnlyError extends HttpEdgeError {
  readonly code = 'StorageReadOnly';
  readonly status = 507;
  constructor() {
    super(
      'The server started read-only because the disk holding the data was full; nothing was written. Reads are served. Free space under DATA_DIR, then restart the server to take writes again; every acknowledged write is kept.',
    );
  }
}

/**
 * On a server started read-only, every `/v1` request that is not a read (`GET`, `HEAD`; `/mcp`) is
 * refused with `507 StorageReadOnly` before it reaches a handler (after authentication, so a
 * caller without a key still gets 401).
 */
export function refuseWritesWhenReadOnly(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => {
    // `/mcp` only reads (its POSTs carry read-only tool calls).
    const reads =
      request.method === 'GET' || request.method === 'HEAD' || request.url.startsWith('/mcp');
    if (reads || request.method === 'OPTIONS' || !isApiPath(request.url)) return done();
    done(new StorageReadOnlyError());
  });
}
