import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** A server process started from `apps/server/src/main.ts`, as `npm start` runs it. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  dataDir: string;
  /** The server process's id (its memory is in `/proc/<pid>/status`). */
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /**
   * SIGTERM, then waits for the process to exit (the store is closed by the shutdown hooks). A
   * process still running 15 s later is killed, and `stop` fails with its output.
   */
  stop(): Promise<void>;
}

/** Servers started by this test file and not yet exited. */
const running = new Set<ChildProcess>();

// A test that fails between starting a server and stopping it must not leave the server running:
// its open pipes would keep Jest from exiting, and the process would outlive the run.
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/**
 * Starts the real server in a child process on a free port, with a fresh `DATA_DIR` unless one is
 * given, and resolves once it prints its URL. The child runs the TypeScript sources through
 * `scripts/ts-register.js` (swc), under plain Node: NestJS 12 is ESM-only, which Node 20 loads
 * with `require()` but Jest's module registry does not.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(path.join(tmpdir(), 'agent-ledger-http-'));
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(root, 'scripts', 'ts-register.js'),
      path.join(root, 'apps', 'server', 'src', 'main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        NO_COLOR: '1',
        ...env,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  // 'close', not 'exit': the process's last lines (the shutdown's) may still be in its pipes.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within 60 s. Its output:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        dataDir,
        pid: child.pid ?? -1,
        output: () => output,
        stop: () =>
          stop(child, exited, () => output, env['DATA_DIR'] === undefined ? dataDir : undefined),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening. Its output:\n${output}`));
    });
  });
}

const STOP_TIMEOUT_MS = 15_000;

async function stop(
  child: ChildProcess,
  exited: Promise<number | null>,
  output: () => string,
  ownedDataDir: string | undefined,
): Promise<void> {
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), STOP_TIMEOUT_MS);
  });
  const outcome = await Promise.race([exited, hung]);
  clearTimeout(timer);
  if (outcome === 'hung') {
    child.kill('SIGKILL');
    await exited;
  }
  if (ownedDataDir !== undefined) rmSync(ownedDataDir, { recursive: true, force: true });
  if (outcome === 'hung') {
    throw new Error(
      `The server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM (killed). The end of its output:\n${output().slice(-4000)}`,
    );
  }
}
