import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** What a CLI process printed, and its exit status. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `agent-ledger <args>` as a child process, from the TypeScript sources
 * (`node -r ./scripts/ts-register.js apps/cli/src/main.ts …`), with `env` on top of the test's
 * environment. Its output is a pipe, not a terminal.
 */
export function runCliProcess(args: readonly string[], env: Record<string, string>): CliRun {
  const result = spawnSync(
    process.execPath,
    ['-r', './scripts/ts-register.js', 'apps/cli/src/main.ts', ...args],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The lines of an NDJSON output, parsed. */
export function parseNdjson(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line): unknown => JSON.parse(line));
}
