'use strict';
// Lets plain `node -r ./scripts/ts-register.js file.ts` run the TypeScript sources without a build:
// compiles each .ts file with swc on load and resolves the `@agent-ledger/<lib>` aliases.
// Used by tests that spawn child processes and by benchmarks; production runs the tsc build.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '..');
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  // `@agent-ledger/<lib>` and its subpaths (`/testing`, `@agent-ledger/client/openai-agents`).
  const match = /^@agent-ledger\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/.exec(request);
  const resolved = match
    ? path.join(root, 'libs', match[1], 'src', match[2] ?? '', 'index.ts')
    : request;
  return originalResolve.call(this, resolved, ...rest);
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
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
