// Lets plain `node` run this repo's TypeScript without a build: `node -r <this file> entry.ts`.
// Each .ts file is compiled on require by @swc/core with the settings of jest.config.js, and
// `@agent-ledger/<lib>` resolves to libs/<lib>/src/index.ts as tsconfig.json's paths say.
// Used by the crash test's child process and by `npm run bench` (scripts/bench.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '..', '..', '..', '..');
const alias = /^@agent-ledger\/([a-z0-9-]+)$/;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, ...rest) {
  const match = alias.exec(request);
  const target = match ? path.join(root, 'libs', match[1], 'src', 'index.ts') : request;
  return resolveFilename.call(this, target, ...rest);
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    swcrc: false,
    configFile: false,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
