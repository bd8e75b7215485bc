import net from 'node:net';
import { startServer, type RunningServer } from '../testing/start-server';

/** Opens a socket to the server; resolves once connected. */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Resolves with what the server sent once it closes the socket, and how long that took. */
function closed(socket: net.Socket): Promise<{ afterMs: number; received: string }> {
  const start = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return new Promise((resolve) =>
    socket.on('close', () => resolve({ afterMs: Date.now() - start, received })),
  );
}

describe('timeouts, connection cap and rate limit (short settings)', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    server = await startServer({
      CONNECTION_TIMEOUT_MS: '800',
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '1500',
      RATE_LIMIT_MAX: '20',
      RATE_LIMIT_WINDOW_MS: '60000',
      ALLOWED_ORIGINS: 'https://app.example.com',
    });
    port = Number(new URL(server.url).port);
  });

  afterAll(async () => {
    await server.stop();
  });

  it('closes an idle socket, and /health keeps answering', async () => {
    const idle = await connect(port);
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toEqual(200);
    const { afterMs } = await closed(idle);
    expect(afterMs).toBeLessThan(5000);
  });

  it('answers 408 to a body shorter than its Content-Length, dripped to defeat the idle timeout', async () => {
    const slow = await connect(port);
    const outcome = closed(slow);
    slow.write(
      `POST /v1/sessions/slow-1/end HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    const drip = setInterval(() => slow.write(' '), 200);
    try {
      const { received } = await outcome;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      const body = received.slice(received.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toMatchObject({ statusCode: 408, code: 'RequestTimeout' });
    } finally {
      clearInterval(drip);
    }
    expect((await fetch(`${server.url}/health`)).status).toEqual(200);
  });

  it('lets a blob upload take longer than REQUEST_TIMEOUT_MS while bytes keep arriving', async () => {
    const uploading = await connect(port);
    const outcome = closed(uploading);
    const size = 30;
    uploading.write(
      `PUT /v1/sessions/slow-blob/blobs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
    );
    // One byte every 100 ms: 3 s in all, twice REQUEST_TIMEOUT_MS, never silent for CONNECTION_TIMEOUT_MS.
    let sent = 0;
    const drip = setInterval(() => {
      uploading.write('x');
      sent += 1;
      if (sent === size) clearInterval(drip);
    }, 100);
    try {
      const { received } = await outcome;
      expect(sent).toEqual(size);
      expect(received).toMatch(/^HTTP\/1\.1 201 /);
      const body = received.slice(received.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toMatchObject({ size, mediaType: 'text/plain' });
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a blob upload that goes silent for CONNECTION_TIMEOUT_MS', async () => {
    const stalled = await connect(port);
    const outcome = closed(stalled);
    stalled.write(
      `PUT /v1/sessions/stalled-blob/blobs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nxx`,
    );
    const { received } = await outcome;
    expect(received).not.toMatch(/^HTTP\/1\.1 20/);
    expect((await fetch(`${server.url}/health`)).status).toEqual(200);
  });

  it('answers CORS for an allowed origin only', async () => {
    const preflight = await fetch(`${server.url}/v1/sessions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toEqual('https://app.example.com');
    // A page that revokes a key with its own key: DELETE and the Authorization header, before any key is checked.
    const revoking = await fetch(`${server.url}/v1/keys/abc`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    expect([
      revoking.status,
      revoking.headers.get('access-control-allow-methods')?.includes('DELETE'),
      revoking.headers.get('access-control-allow-headers'),
    ]).toEqual([204, true, 'authorization']);
    const listed = await fetch(`${server.url}/v1/sessions`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(listed.status).toEqual(200);
  });

  it('answers 429 with Retry-After past RATE_LIMIT_MAX requests, and /health stays answerable', async () => {
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let index = 0; index < 25; index += 1) {
      const response = await fetch(`${server.url}/v1/sessions`);
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.arrayBuffer();
    }
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited?.json()).toMatchObject({
      statusCode: 429,
      code: 'RateLimited',
      limit: 20,
    });
    expect((await fetch(`${server.url}/health`)).status).toEqual(200);
  });
});

describe('connection cap', () => {
  it('drops connections past MAX_CONNECTIONS and serves again once they go', async () => {
    const server = await startServer({ MAX_CONNECTIONS: '3', CONNECTION_TIMEOUT_MS: '60000' });
    const port = Number(new URL(server.url).port);
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    try {
      const extra = await connect(port);
      const { received } = await closed(extra);
      expect(received).toEqual('');
    } finally {
      held.forEach((socket) => socket.destroy());
    }
    // The server notices the closed sockets asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/health`)).status).toEqual(200);
    await server.stop();
  });
});
