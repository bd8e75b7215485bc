'use strict';
// Builds dist/ with `npm run build` when it is missing or older than any source file, so
// `npm start` and `npm run cli` work straight after `npm ci` and after every edit.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
/** A build's stdin, stdout and stderr: its stdout is written to our stderr. */
const BUILD_STDIO = ['inherit', 2, 2];
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
  if (stamp && stamp.mtimeMs >= newestSource) return ensureInspectorBuild();
  process.stderr.write('Building Agent Ledger (npm run build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build's output (tsc's errors, Vite's report) goes to stderr: stdout is the command's own,
  // data for a pipe (`npx agent-ledger events s1 | jq`), even on a run that builds first.
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: BUILD_STDIO });
  if (result.status !== 0) {
    process.stderr.write('Build failed; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, new Date().toISOString());
  // `npm run build` built the web inspector too.
  fs.writeFileSync(inspectorStampFile, new Date().toISOString());
}

// The web inspector (apps/inspector, bundled by Vite into dist/inspector, served at /): built on
// its own when only it is missing or older than its sources, e.g. a dist/ from before it existed.
const inspectorStampFile = path.join(root, 'dist', 'inspector', '.build-stamp');
const inspectorSourceRoots = ['apps/inspector', 'libs/client', 'package-lock.json'];

function ensureInspectorBuild() {
  const stamp = fs.statSync(inspectorStampFile, { throwIfNoEntry: false });
  const newestSource = Math.max(
    ...inspectorSourceRoots.map((entry) => newestMtime(path.join(root, entry))),
  );
  if (stamp && stamp.mtimeMs >= newestSource) return;
  process.stderr.write('Building the web inspector (npm run inspector:build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'inspector:build'], {
    cwd: root,
    stdio: BUILD_STDIO,
  });
  if (result.status !== 0) {
    process.stderr.write('The inspector did not build; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(inspectorStampFile, new Date().toISOString());
}

module.exports = { ensureBuild, root };
