import type http from 'node:http';
import type { Socket } from 'node:net';
import type { HttpHardeningConfig } from '@agent-ledger/config';
import { clientOfAddress } from './client-of-address';

/**
 * In the reserve (the last `connectionReserve` connections before `MAX_CONNECTIONS`), a client is
 * let in only while it holds fewer than this many: enough for a `/health` probe or a client with a
 * few keep-alive connections, not for one that holds many already.
 */
export const CONNECTIONS_PER_CLIENT_IN_RESERVE = 4;

/** What the guard knows of one open socket. */
interface GuardedSocket {
  client: string;
  /** Armed while the socket owes the server a request's headers. */
  deadline: NodeJS.Timeout | undefined;
  /** Requests whose headers arrived and whose answer is not finished. */
  inFlight: number;
}

/** The answer to a socket whose request headers did not arrive in time; it is closed after it. */
const HEADERS_TIMEOUT_ANSWER = (() => {
  const body = JSON.stringify({
    statusCode: 408,
    code: 'RequestTimeout',
    message:
      'The request headers did not arrive within HEADERS_TIMEOUT_MS; the connection is closed. Send the headers at once and retry.',
  });
  return `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/**
 * Guards `server`'s sockets so that no client can hold the server for the others:
 *
 * - a client (an IPv4 address or an IPv6 /64) holding `maxConnectionsPerClient` connections has
 *   any further socket closed at once;
 * - once fewer than `connectionReserve` connections are free below `maxConnections`, only clients
 *   holding fewer than {@link CONNECTIONS_PER_CLIENT_IN_RESERVE} get in, so `/health` and small
 *   clients stay answerable while others hold many sockets;
 * - every socket has a deadline of its own for its request headers: `headersTimeoutMs` from its
 *   `connection` event, and on a kept-alive socket `keepAliveTimeoutMs + headersTimeoutMs` from the
 *   end of its last answer. A socket past it gets `408` and is closed, whether it sent nothing or
 *   drips a byte at a time. Node's own `headersTimeout` check stays, but it runs at
 *   `connectionsCheckingInterval` over the connections its parser tracks, and silent sockets were
 *   seen to outlive it; this deadline does not depend on it.
 *
 * One timer per socket awaiting headers, none for a socket in a request (the request and
 * connection timeouts hold those); Node keeps timers of one duration in one list, so arming and
 * clearing thousands costs little.
 */
export function guardConnections(server: http.Server, config: HttpHardeningConfig): void {
  const sockets = new Map<Socket, GuardedSocket>();
  const heldByClient = new Map<string, number>();
  const reserveFrom = config.maxConnections - config.connectionReserve;
  const idleDeadlineMs = config.keepAliveTimeoutMs + config.headersTimeoutMs;

  const arm = (socket: Socket, guarded: GuardedSocket, ms: number): void => {
    clearTimeout(guarded.deadline);
    guarded.deadline = setTimeout(() => expire(socket), ms);
    guarded.deadline.unref();
  };

  server.on('connection', (socket: Socket) => {
    const client = clientOfAddress(socket.remoteAddress);
    const held = heldByClient.get(client) ?? 0;
    if (
      held >= config.maxConnectionsPerClient ||
      (sockets.size >= reserveFrom && held >= CONNECTIONS_PER_CLIENT_IN_RESERVE)
    ) {
      socket.destroy();
      return;
    }
    heldByClient.set(client, held + 1);
    const guarded: GuardedSocket = { client, deadline: undefined, inFlight: 0 };
    sockets.set(socket, guarded);
    arm(socket, guarded, config.headersTimeoutMs);
    socket.once('close', () => {
      clearTimeout(guarded.deadline);
      sockets.delete(socket);
      const left = (heldByClient.get(client) ?? 1) - 1;
      if (left > 0) heldByClient.set(client, left);
      else heldByClient.delete(client);
    });
  });

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const socket = request.socket;
    const guarded = sockets.get(socket);
    if (guarded === undefined) return;
    clearTimeout(guarded.deadline);
    guarded.deadline = undefined;
    guarded.inFlight += 1;
    response.once('close', () => {
      guarded.inFlight -= 1;
      // Kept alive: the next request's headers are owed once it has been idle for a while.
      if (guarded.inFlight === 0 && !socket.destroyed) arm(socket, guarded, idleDeadlineMs);
    });
  });
}

function expire(socket: Socket): void {
  if (socket.destroyed) return;
  // Like Node's own timeouts: the answer goes out in one write, then the socket is closed without
  // waiting for a peer that may never read it or close its side.
  if (socket.writable) socket.write(HEADERS_TIMEOUT_ANSWER);
  socket.destroy();
}
