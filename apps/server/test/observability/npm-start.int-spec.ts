import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * `npm start` as a user runs it (scripts/start.js on the build): at most 12 lines before the
 * first request, naming the inspector. The build is made first (it is `npm start`'s first run
 * only, and prints to stderr).
 */
describe('npm start', () => {
  beforeAll(() => {
    const built = spawnSync(
      process.execPath,
      ['-e', "require('./scripts/ensure-build').ensureBuild()"],
      { cwd: root, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`The build failed:\n${built.stdout}${built.stderr}`);
  }, 600_000);

  it('prints at most 12 lines before the first request, with the inspector and docs URLs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-start-'));
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npm and the server it starts are stopped together.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`npm start did not say where it listens:\n${stdout}${stderr}`)),
          90_000,
        );
        const look = (): void => {
          // The last announcement line, complete.
          const match = /listening on (http:\/\/\S+)[^\n]*\n(?:.*\n)*Metrics: \S+\n/.exec(stdout);
          if (match?.[1] === undefined) return;
          clearTimeout(timer);
          resolve(match[1]);
        };
        child.stdout.on('data', look);
        void exited.then(() => reject(new Error(`npm start exited:\n${stdout}${stderr}`)));
      });
      const before = stdout.split('\n').filter((line) => line !== '');
      expect(before.length).toBeLessThanOrEqual(12);
      expect(stdout).toContain(`Inspector: ${url}/`);
      expect(stdout).toContain(`API docs: ${url}/docs`);
      expect(stdout).not.toMatch(/RoutesResolver|RouterExplorer|InstanceLoader|Mapped \{/);
      // No colour codes.
      expect(stdout).not.toContain('\u001b[');
      const health = await fetch(`${url}/health/live`);
      expect(health.status).toBe(200);
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
