import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * The inspector's client-side routes: a deep link to one of them (a session, a message, a
 * revision; the analytics page) is answered with the app's `index.html`, which routes itself.
 */
export const INSPECTOR_PAGES = ['/sessions/:sessionId', '/analytics'] as const;

/**
 * Serves the web inspector (`apps/inspector`, built by `npm run inspector:build` into
 * `dist/inspector`; `INSPECTOR_DIR` names another build) at `/`. Only the build's own files and
 * the pages above get routes, so `/v1`, `/docs` and `/health` are untouched and an unknown path
 * is still the API's JSON 404. Hashed assets are cached for good, `index.html` never.
 */
@Module({})
export class InspectorModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const root = inspectorDirectory(process.env);
    if (!existsSync(path.join(root, 'index.html'))) {
      fastify.get('/', (_request, reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web inspector is not built. Run `npm run inspector:build`, then reload.\n'),
      );
      return;
    }
    // Not awaited: awaiting would load the plugin queue now, building the API's routes before
    // Nest sets its error handler (registered after the init hooks), so every error thrown
    // before a controller (401, 415, 429, …) would get Fastify's default body instead of ours.
    void fastify.register(fastifyStatic, {
      root,
      prefix: '/',
      // One route per built file, found at start: no catch-all that would shadow the API.
      wildcard: false,
      // Our own cache headers below, not the plugin's `max-age=0` for every file.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const cache = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
        response.setHeader('cache-control', cache);
      },
    });
    for (const page of INSPECTOR_PAGES) {
      fastify.get(page, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
  }
}

/**
 * Where the built inspector is: `INSPECTOR_DIR`, else `dist/inspector` of the repository (found
 * from this file, which runs from `apps/server/src` or from its build in `dist/apps/server/src`).
 */
export function inspectorDirectory(env: NodeJS.ProcessEnv): string {
  const configured = env['INSPECTOR_DIR'];
  if (configured !== undefined && configured.trim() !== '') return path.resolve(configured);
  let directory = __dirname;
  while (!existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return path.join(directory, 'dist', 'inspector');
}
