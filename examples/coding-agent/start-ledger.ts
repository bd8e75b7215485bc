import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/**
 * The ledger to talk to: `LEDGER_URL` when set, else a server of this repository started for the
 * run (a fresh data directory, any free port), stopped by `stop()`.
 */
export async function startLedger(): Promise<{ url: string; stop: () => void }> {
  const given = process.env['LEDGER_URL'];
  if (given !== undefined) return { url: given, stop: () => undefined };
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
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agent-ledger-example-')),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the ledger exited with ${code}: ${output}`)));
  });
  return { url, stop: () => void child.kill('SIGTERM') };
}
