#!/usr/bin/env node
'use strict';
// The `agent-ledger` command of an install: runs the built CLI, building it first in a checkout.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
if (
  fs.existsSync(path.join(root, 'tsconfig.build.json')) &&
  fs.existsSync(path.join(root, 'node_modules', 'typescript'))
) {
  require(path.join(root, 'scripts', 'ensure-build.js')).ensureBuild();
}
require(path.join(root, 'dist', 'apps', 'cli', 'src', 'main.js'));
