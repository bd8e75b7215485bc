'use strict';
// `npm test`'s pretest: installs test/sdk-packages (heavy packages only the tests need: the Claude
// Agent SDK ships the Claude Code CLI) with `npm ci`, only when its node_modules is missing or
// older than its lockfile, so `npm ci && npm test` works on a fresh machine and costs nothing after.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const folder = path.resolve(__dirname, '..', 'test', 'sdk-packages');
const lockfile = path.join(folder, 'package-lock.json');
// npm writes this file at the end of every install: its time says when the install finished.
const installed = path.join(folder, 'node_modules', '.package-lock.json');

function isStale() {
  if (!fs.existsSync(installed)) return true;
  return fs.statSync(installed).mtimeMs < fs.statSync(lockfile).mtimeMs;
}

if (isStale()) {
  process.stdout.write('Installing the test packages (test/sdk-packages)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--prefix', folder, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
