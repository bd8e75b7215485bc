import http from 'node:http';
import net from 'node:net';
import { startServer, type RunningServer } from '../testing/start-server';
import { getFrom, openSlowSocket, sleep, type Slowness } from '../testing/slow-sockets';

const HEADERS_TIMEOUT_MS = 200;
const KEEP_ALIVE_TIMEOUT_MS = 1000;
const ROUNDS = 50;

// Both servers start at once: starting one is most of a test's time on a busy machine.
let servers: Promise<[RunningServer, RunningServer]>;
beforeAll(() => {
  servers = Promise.all([
    startServer({
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      // Longer than the test: only the headers deadline may close the slow sockets.
      CONNECTION_TIMEOUT_MS: '120000',
    }),
    startServer({
      MAX_CONNECTIONS: '40',
      MAX_CONNECTIONS_PER_CLIENT: '10',
      CONNECTION_RESERVE: '10',
      HEADERS_TIMEOUT_MS: '60000',
      CONNECTION_TIMEOUT_MS: '60000',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all((await servers).map((server) => server.stop()));
});

describe('a socket that never finishes its headers (HEADERS_TIMEOUT_MS=200)', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    [server] = await servers;
    port = Number(new URL(server.url).port);
  }, 60_000);

  /** Runs the rounds one after another; each slow socket alternates silent and dripping. */
  async function rounds(localAddress: string): Promise<{ late: string[]; answers: string[] }> {
    const late: string[] = [];
    const answers = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const slowness: Slowness = round % 2 === 0 ? 'silent' : 'dripping';
      const { afterMs, received } = await openSlowSocket(port, { localAddress, slowness }).closed;
      if (afterMs > HEADERS_TIMEOUT_MS + 1000)
        late.push(`round ${round} (${slowness}): ${afterMs} ms`);
      answers.add(received.split('\r\n')[0] ?? '');
    }
    return { late, answers: [...answers] };
  }

  it(`closes it within HEADERS_TIMEOUT_MS + 1 s, ${ROUNDS} times in a row, with no other client`, async () => {
    expect(await rounds('127.0.0.2')).toEqual({
      late: [],
      answers: ['HTTP/1.1 408 Request Timeout'],
    });
  }, 60_000);

  it(`closes it within HEADERS_TIMEOUT_MS + 1 s, ${ROUNDS} times in a row, while other clients keep answering`, async () => {
    // Ten kept-alive clients asking all along; the slow sockets come from the first one's address,
    // which has a connection with answered requests open all the while.
    let running = true;
    const answered: Array<Array<number | string>> = [];
    const clients = Array.from({ length: 10 }, async (_, index) => {
      const localAddress = `127.0.0.${10 + index}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
      const statuses: Array<number | string> = [];
      answered.push(statuses);
      while (running) {
        statuses.push(
          (await getFrom(`${server.url}/v1/sessions`, { localAddress, agent, timeoutMs: 5000 }))
            .status,
        );
        await sleep(20);
      }
      agent.destroy();
    });
    // Other slow sockets at the same time, from other clients, reopened as soon as they close.
    const others = Array.from({ length: 20 }, async (_, index) => {
      while (running) {
        await openSlowSocket(port, {
          localAddress: `127.0.1.${1 + (index % 4)}`,
          slowness: index % 2 === 0 ? 'silent' : 'dripping',
        }).closed;
      }
    });
    try {
      expect(await rounds('127.0.0.10')).toEqual({
        late: [],
        answers: ['HTTP/1.1 408 Request Timeout'],
      });
    } finally {
      running = false;
      await Promise.all([...clients, ...others]);
    }
    expect(answered.map((statuses) => statuses.filter((status) => status !== 200))).toEqual(
      answered.map(() => []),
    );
    expect(answered.every((statuses) => statuses.length >= 10)).toBe(true);
  }, 60_000);

  it('closes a kept-alive socket that starts its next request and never finishes it', async () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(Date.now())),
    );
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    while (!received.includes('\r\n\r\n')) await sleep(10);
    const answeredAt = Date.now();
    // The next request starts at once and drips, so the socket is never idle.
    socket.write('GET /health HTTP/1.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('x'), 100);
    const closedAt = await closed;
    clearInterval(drip);
    expect(received.split('\r\n')[0]).toEqual('HTTP/1.1 200 OK');
    expect(closedAt - answeredAt).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + HEADERS_TIMEOUT_MS + 1000);
  });
});

describe('per-client connection limits', () => {
  it('closes sockets past MAX_CONNECTIONS_PER_CLIENT at once, and keeps the reserve for clients holding few', async () => {
    const [, server] = await servers;
    const port = Number(new URL(server.url).port);
    const held: net.Socket[] = [];
    /** Opens `count` silent sockets from `localAddress`; how many the server closed within 300 ms. */
    const open = async (localAddress: string, count: number): Promise<number> => {
      const sockets = Array.from({ length: count }, () =>
        openSlowSocket(port, { localAddress, slowness: 'silent' }),
      );
      held.push(...sockets.map(({ socket }) => socket));
      let refused = 0;
      for (const { closed } of sockets) void closed.then(() => (refused += 1));
      await sleep(300);
      return refused;
    };
    try {
      // One client: 10 held, the 2 past its limit closed at once.
      expect(await open('127.0.0.2', 12)).toEqual(2);
      // Two more fill the server up to its reserve (30 of 40).
      expect([await open('127.0.0.3', 10), await open('127.0.0.4', 10)]).toEqual([0, 0]);
      // In the reserve, a new client gets 4 connections, no more.
      expect(await open('127.0.0.5', 6)).toEqual(2);
      // Another client's /health still answers, on a connection of its own.
      const health = await getFrom(`${server.url}/health`, {
        localAddress: '127.0.0.6',
        // A hang detector, not a speed target (a loaded machine answers late).
        timeoutMs: 30_000,
      });
      expect(health.status).toEqual(200);
    } finally {
      held.forEach((socket) => socket.destroy());
    }
  });
});
