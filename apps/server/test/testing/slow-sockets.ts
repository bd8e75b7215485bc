import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** How a slow socket behaves: sends nothing, or drips the start of its headers a byte at a time. */
export type Slowness = 'silent' | 'dripping';

/** A socket that never finishes its request headers, and what became of it. */
export interface SlowSocket {
  socket: net.Socket;
  /** Resolves when the server closed (or refused) it: after how long, and what it received. */
  closed: Promise<{ afterMs: number; received: string }>;
}

const DRIP = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

/**
 * Opens a socket from `localAddress` (a loopback address of its own stands for a distinct client)
 * that never completes a request: silent, or sending one header byte every `dripEveryMs`.
 */
export function openSlowSocket(
  port: number,
  options: { localAddress: string; slowness: Slowness; dripEveryMs?: number },
): SlowSocket {
  const start = Date.now();
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.localAddress });
  let received = '';
  let drip: NodeJS.Timeout | undefined;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  // A refused socket is reset or closed; either way it ends in 'close'.
  socket.on('error', () => undefined);
  if (options.slowness === 'dripping') {
    let sent = 0;
    socket.once('connect', () => {
      drip = setInterval(() => {
        if (!socket.writable) return;
        socket.write(DRIP[sent] ?? 'x');
        sent += 1;
      }, options.dripEveryMs ?? 100);
    });
  }
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.once('close', () => {
      clearInterval(drip);
      resolve({ afterMs: Date.now() - start, received });
    }),
  );
  return { socket, closed };
}

/**
 * One GET from `localAddress`, on `agent` (a kept-alive connection) or on a connection of its own;
 * resolves with the status and how long the answer took, or the error, never rejects.
 */
export function getFrom(
  url: string,
  options: { localAddress: string; agent?: http.Agent; timeoutMs: number },
): Promise<{ status: number | string; ms: number }> {
  const start = Date.now();
  return new Promise((resolve) => {
    const request = http.get(
      url,
      {
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: Date.now() - start }),
        );
        response.once('error', (error) =>
          resolve({ status: error.message, ms: Date.now() - start }),
        );
      },
    );
    request.once('timeout', () => request.destroy(new Error('no answer in time')));
    request.once('error', (error) => resolve({ status: error.message, ms: Date.now() - start }));
  });
}

/**
 * Fails with what to do when this process may not open `needed` files (sockets count): the server
 * started from it inherits the same limit.
 */
export function requireOpenFileLimit(needed: number): void {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(limit) && limit < needed) {
    throw new Error(
      `This test opens about ${needed} sockets, and the open-file limit here is ${limit}: run it after \`ulimit -n ${needed}\` (or higher).`,
    );
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What `slow-socket-attacker.ts` reports once stopped. */
export interface AttackReport {
  connected: number;
  longestOpenMs: number;
  reconnects: number;
}

/**
 * Starts `slow-socket-attacker.ts` against `port` in a child process whose open-file limit is
 * raised to the hard limit first (a shell's `ulimit`: Node cannot raise its own); resolves once
 * its sockets are on their way, with `stop()`, which ends the attack and resolves with its report.
 */
export function startAttacker(
  port: number,
  options: { slowSockets: number; slowClients: number; reconnectingSockets: number },
): Promise<{ stop(): Promise<AttackReport> }> {
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" -r "$1" "$2"',
      process.execPath,
      path.join(root, 'scripts', 'ts-register.js'),
      path.join(__dirname, 'slow-socket-attacker.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ATTACK_PORT: String(port),
        SLOW_SOCKETS: String(options.slowSockets),
        SLOW_CLIENTS: String(options.slowClients),
        RECONNECTING_SOCKETS: String(options.reconnectingSockets),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<AttackReport> => {
    child.kill('SIGTERM');
    await exited;
    const report = /^\{.*\}$/m.exec(output)?.[0];
    if (report === undefined)
      throw new Error(`The attacker reported nothing. Its output:\n${output}`);
    return JSON.parse(report) as AttackReport;
  };
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('attacking\n')) resolve({ stop });
    });
    void exited.then(() => reject(new Error(`The attacker exited early. Its output:\n${output}`)));
  });
}
