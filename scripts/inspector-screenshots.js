#!/usr/bin/env node
// `npm run inspector:screenshots`: runs the inspector's browser tests with INSPECTOR_SCREENSHOTS
// set, so each page they open is saved to docs/inspector/<page>.png for docs/inspector.md.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', 'test/inspector'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, INSPECTOR_SCREENSHOTS: 'docs/inspector' },
  },
);
process.exit(result.status ?? 1);
