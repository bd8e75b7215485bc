'use strict';
// `npm start`: build if needed, then run the HTTP server on the configured store.
const path = require('node:path');
const { ensureBuild, root } = require('./ensure-build');

ensureBuild();
require(path.join(root, 'dist', 'apps', 'server', 'src', 'main.js'));
