import http from 'node:http';
import { startServer, type RunningServer } from '../testing/start-server';
import {
  getFrom,
  requireOpenFileLimit,
  sleep,
  startAttacker,
  type AttackReport,
} from '../testing/slow-sockets';

const HEADERS_TIMEOUT_MS = 3000;
const SLOW_SOCKETS = 2000;
const RECONNECTING_SOCKETS = 100;
const WELL_BEHAVED_CLIENTS = 20;
const ATTACK_MS = 8000;

/**
 * Issue 27's attack: 2,000 slow sockets from 40 clients (50 each, under the per-client cap, so
 * that only the global cap and its reserve stand in their way) and an attacker reconnecting 50 ms
 * after each drop, from a process of their own, while 20 well-behaved kept-alive clients ask all
 * along and `/health` is probed on a new connection every 250 ms. The server runs with the default
 * `MAX_CONNECTIONS` (1024), per-client cap (128) and reserve (128).
 */
describe('2,000 slow sockets and a reconnecting attacker', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    // The server, a child of this process, inherits its open-file limit and may hold 1024 sockets.
    requireOpenFileLimit(1200);
    server = await startServer({
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      CONNECTION_TIMEOUT_MS: '60000',
    });
    port = Number(new URL(server.url).port);
    // Warmed up first, as a server in service is: its first answers compile its hot code.
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(
        Array.from({ length: WELL_BEHAVED_CLIENTS }, (_, index) =>
          getFrom(`${server.url}/v1/sessions`, {
            localAddress: `127.0.0.${2 + index}`,
            timeoutMs: 5000,
          }),
        ),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await server.stop();
  });

  it('keeps answering well-behaved clients and /health, and closes every slow socket in time', async () => {
    let attacking = true;
    const answers: Array<Array<number | string>> = [];
    const wellBehaved = Array.from({ length: WELL_BEHAVED_CLIENTS }, async (_, index) => {
      const localAddress = `127.0.0.${2 + index}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
      const statuses: Array<number | string> = [];
      answers.push(statuses);
      while (attacking) {
        const { status } = await getFrom(`${server.url}/v1/sessions`, {
          localAddress,
          agent,
          timeoutMs: 5000,
        });
        statuses.push(status);
        await sleep(100);
      }
      agent.destroy();
    });
    // The clients were connected before the attack; /health is probed from when the attacker's
    // 2,000 sockets are all in (opening them takes a second: while the server accepts them, a
    // probe on a busy 2-core machine can wait longer than 2 s for its turn).
    const attacker = await startAttacker(port, {
      slowSockets: SLOW_SOCKETS,
      slowClients: 40,
      reconnectingSockets: RECONNECTING_SOCKETS,
    }).catch((error: unknown) => {
      attacking = false;
      throw error;
    });
    const probes: Array<{ probe: number; status: number | string; ms: number }> = [];
    const probing = (async () => {
      while (attacking) {
        // A new connection each time, as a load balancer's probe opens one.
        const answer = await getFrom(`${server.url}/health`, {
          localAddress: '127.0.0.100',
          // A hang detector: how fast it answers depends on the machine's load, not asserted.
          timeoutMs: 30_000,
        });
        probes.push({ probe: probes.length, ...answer });
        await sleep(250);
      }
    })();
    let report: AttackReport;
    const attackStarted = performance.now();
    let attackEnded: number | undefined;
    try {
      // At least ATTACK_MS, and on until every well-behaved client has had ten answers and
      // /health ten: how soon they come depends on the CPU a loaded machine leaves the server,
      // that they all come (each a 200) is what is tested. The test's timeout detects a hang.
      await sleep(ATTACK_MS);
      while (probes.length < 10 || answers.some((statuses) => statuses.length < 10)) {
        await sleep(100);
      }
      attackEnded = performance.now();
    } finally {
      attacking = false;
      report = await attacker.stop();
      await Promise.all([...wellBehaved, probing]);
    }

    expect(probes.filter(({ status }) => status !== 200)).toEqual([]);
    expect(answers.map((statuses) => statuses.filter((status) => status !== 200))).toEqual(
      answers.map(() => []),
    );
    // Every slow socket got through to the server (none failed in the attacker for want of file
    // descriptors) and was refused or closed by the server before the attack ended, measured in
    // the attacker from before its connect: a socket the server left open would be open for the
    // whole attack. When, after its headers deadline, depends on how much CPU a loaded machine
    // leaves the server's timers (6.9 s once with 3 s at a load of 13): the deadline itself is
    // slow-sockets.int-spec.ts's to check. The reconnecting attacker was dropped again and again.
    expect(report.connected).toEqual(SLOW_SOCKETS);
    expect(report.longestOpenMs).toBeLessThan((attackEnded ?? Number.NaN) - attackStarted);
    expect(report.reconnects).toBeGreaterThan(RECONNECTING_SOCKETS);
  }, 120_000);
});
