'use strict';
// Builds dist/ with `npm run build` when it is missing or older than any source file, so
// `npm start` and `npm run cli` work straight after `npm ci` and after every edit.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const sourceRoots = [
  'apps',
  'libs',
  'event-schemas',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function ensureBuild() {
  const stamp = fs.statSync(stampFile, { throwIfNoEntry: false });
  const newestSource = Math.max(...sourceRoots.map((entry) => newestMtime(path.join(root, entry))));
  if (stamp && stamp.mtimeMs >= newestSource) return;
  process.stderr.write('Building Agent Ledger (npm run build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('Build failed; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, new Date().toISOString());
}

module.exports = { ensureBuild, root };
