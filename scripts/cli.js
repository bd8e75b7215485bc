'use strict';
// `npm run cli -- <command>`: build if needed, then run the agent-ledger CLI.
const path = require('node:path');
const { ensureBuild, root } = require('./ensure-build');

ensureBuild();
require(path.join(root, 'dist', 'apps', 'cli', 'src', 'main.js'));
