/**
 * An attacker in a process of its own, so that its thousands of sockets neither share the
 * measuring test's event loop nor its open-file limit (`startAttacker` raises this one's to the
 * hard limit). It opens `SLOW_SOCKETS` slow sockets from `SLOW_CLIENTS` loopback addresses within
 * a second (half silent, half dripping: a siege of held sockets; a SYN flood is the kernel's to
 * absorb), and keeps `RECONNECTING_SOCKETS` more that reconnect 50 ms after each drop. On SIGTERM
 * it stops reconnecting, waits for the slow sockets to be closed, and prints one line of JSON: how
 * many connected, the longest any stayed open, and the reconnects.
 */
import { openSlowSocket, sleep } from './slow-sockets';

const port = Number(process.env['ATTACK_PORT']);
const slowSockets = Number(process.env['SLOW_SOCKETS']);
const slowClients = Number(process.env['SLOW_CLIENTS']);
const reconnectingSockets = Number(process.env['RECONNECTING_SOCKETS']);
const BATCH = 100;

let attacking = true;
let connected = 0;
let reconnects = 0;

/**
 * Opens the slow sockets, `BATCH` every 50 ms, says `attacking` once they have all connected, and
 * resolves with when each was closed.
 */
async function openSlowSockets(): Promise<Array<{ afterMs: number }>> {
  const connecting: Array<Promise<unknown>> = [];
  const closings: Array<Promise<{ afterMs: number }>> = [];
  for (let index = 0; index < slowSockets; index += 1) {
    if (index > 0 && index % BATCH === 0) await sleep(50);
    const opened = openSlowSocket(port, {
      localAddress: `127.0.1.${1 + (index % slowClients)}`,
      slowness: index % 2 === 0 ? 'silent' : 'dripping',
      dripEveryMs: 500,
    });
    opened.socket.once('connect', () => (connected += 1));
    connecting.push(
      new Promise((resolve) => {
        opened.socket.once('connect', resolve);
        void opened.closed.then(resolve);
      }),
    );
    closings.push(opened.closed);
  }
  await Promise.all(connecting);
  process.stdout.write('attacking\n');
  return Promise.all(closings);
}

const slow = openSlowSockets();
const reconnecting = Array.from({ length: reconnectingSockets }, async (_, index) => {
  while (attacking) {
    await openSlowSocket(port, {
      localAddress: `127.0.2.${1 + (index % 2)}`,
      slowness: 'dripping',
      dripEveryMs: 500,
    }).closed;
    reconnects += 1;
    await sleep(50);
  }
});

process.once('SIGTERM', () => {
  attacking = false;
  void Promise.all([slow, ...reconnecting]).then(([closings]) => {
    const longestOpenMs = Math.max(0, ...closings.map(({ afterMs }) => afterMs));
    process.stdout.write(`${JSON.stringify({ connected, longestOpenMs, reconnects })}\n`);
    process.exit(0);
  });
});
