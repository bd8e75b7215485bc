import http from 'node:http';
import type { HttpHardeningConfig } from '@agent-ledger/config';
import { guardConnections } from './guard-connections';

type RequestListener = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * The HTTP server Fastify runs on, with the documented timeouts and connection cap: a socket
 * silent for `connectionTimeoutMs` is closed, headers must arrive within `headersTimeoutMs` and a
 * whole request (a body shorter than its Content-Length included) within `requestTimeoutMs`, an
 * idle kept-alive connection lasts `keepAliveTimeoutMs`, and connections past `maxConnections`
 * are dropped at once. The request timeouts are checked every second (Node's default is 30 s).
 * `guardConnections` adds the per-client limits, the reserve below the cap, and a headers deadline
 * of its own for every socket.
 */
export function createHttpServerFactory(
  config: HttpHardeningConfig,
): (handler: RequestListener) => http.Server {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
        requestTimeout: config.requestTimeoutMs,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      },
      handler,
    );
    server.maxConnections = config.maxConnections;
    server.setTimeout(config.connectionTimeoutMs, (socket) => socket.destroy());
    guardConnections(server, config);
    return server;
  };
}
