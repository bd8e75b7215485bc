// Builds the web inspector into dist/inspector (npm run inspector:build), where the server serves
// it from. Everything is bundled: the page loads nothing from another origin.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

export default defineConfig({
  root: here,
  base: '/',
  // The favicon, copied as it is (the server gives every built file a route).
  publicDir: path.join(here, 'public'),
  resolve: {
    alias: { '@agent-ledger/client': path.join(root, 'libs', 'client', 'src', 'index.ts') },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.join(root, 'dist', 'inspector'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
  logLevel: 'warn',
});
