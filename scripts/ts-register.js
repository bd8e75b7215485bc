'use strict';
// Lets plain `node -r ./scripts/ts-register.js file.ts` run the TypeScript sources without a build:
// compiles each .ts file with swc on load and resolves the `@agent-ledger/<lib>` aliases.
// Used by tests that spawn child processes and by benchmarks; production runs the tsc build.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const crypto = require('node:crypto');
const { transformSync, version: swcVersion } = require('@swc/core');

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

const SWC_OPTIONS = {
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

// Every spawned server or CLI compiles the same ~500 files: their output is kept on disk, keyed
// by the file's path and source, swc's version and these options, so a source that changed is
// compiled again and an unchanged one is read back. `TS_REGISTER_CACHE=off` compiles every time.
const cacheDir =
  process.env.TS_REGISTER_CACHE === 'off'
    ? undefined
    : path.join(root, 'node_modules', '.cache', 'ts-register');
const optionsDigest = crypto
  .createHash('sha256')
  .update(`${swcVersion}\0${JSON.stringify(SWC_OPTIONS)}`)
  .digest('hex');

function compile(source, filename) {
  return transformSync(source, { filename, ...SWC_OPTIONS }).code;
}

function cachedCompile(source, filename) {
  if (cacheDir === undefined) return compile(source, filename);
  const key = crypto
    .createHash('sha256')
    .update(`${optionsDigest}\0${filename}\0${source}`)
    .digest('hex');
  const file = path.join(cacheDir, `${key}.js`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    const code = compile(source, filename);
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      // Written aside and renamed: a process reading the key meanwhile sees all of it or none.
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, code);
      fs.renameSync(partial, file);
    } catch {
      // A read-only tree: compile every time, as without the cache.
    }
    return code;
  }
}

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  module._compile(cachedCompile(source, filename), filename);
};
