import http from 'node:http';
import type { HttpHardeningConfig } from '@agent-ledger/config';
import { applyRequestDeadline } from './apply-request-deadline';
import { guardConnections } from './guard-connections';

type RequestListener = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * The HTTP server Fastify runs on, with the documented timeouts and connection cap: a socket
 * silent for `connectionTimeoutMs` is closed, headers must arrive within `headersTimeoutMs` and a
 * whole request (a body shorter than its Content-Length included) within `requestTimeoutMs` after
 * them (`applyRequestDeadline`; a blob upload is bounded by the inactivity timeout instead), an
 * idle kept-alive connection lasts `keepAliveTimeoutMs`, and connections past `maxConnections`
 * are dropped at once. The headers timeout is checked every second (Node's default is 30 s).
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
        // Node's whole-request timeout cannot spare one route: `applyRequestDeadline` applies it.
        requestTimeout: 0,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      },
      (request, response) => {
        applyRequestDeadline(request, response, config.requestTimeoutMs);
        handler(request, response);
      },
    );
    server.maxConnections = config.maxConnections;
    server.setTimeout(config.connectionTimeoutMs, (socket) => socket.destroy());
    guardConnections(server, config);
    return server;
  };
}
