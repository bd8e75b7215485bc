#!/usr/bin/env node
// `npm run bench`: runs the TypeScript benchmarks in bench/ (every *.bench.ts, or only those whose
// file name contains one of the arguments), one after another, each in its own Node process with
// the repository's TypeScript hook, scripts/ts-register.js (no build needed: swc compiles on require).
'use strict';
const { spawnSync } = require('node:child_process');
const { readdirSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const hook = path.join(root, 'scripts', 'ts-register.js');
const filters = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark in bench/ matches ${filters.join(', ') || 'anything'}.`);
  process.exit(1);
}
const command = filters.length === 0 ? 'npm run bench' : `npm run bench -- ${filters.join(' ')}`;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['-r', hook, path.join('bench', bench)], {
    cwd: root,
    stdio: 'inherit',
    env: { BENCH_COMMAND: process.env.BENCH_COMMAND ?? command, ...process.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
