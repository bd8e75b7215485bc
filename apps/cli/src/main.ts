import { runCli } from './run-cli';

// A reader that stops early (`agent-ledger events s1 | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

void runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  ...(process.stderr.isTTY ? { terminal: process.stderr } : {}),
  env: process.env,
}).then((exitCode) => {
  process.exitCode = exitCode;
});
