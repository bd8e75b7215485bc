import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS, schemaRef } from './response-schemas';
import { runtimeMessageComponents } from './runtime-message-schemas';

/** Where the OpenAPI document and Swagger UI are served. */
export const DOCS_PATH = '/docs';
export const OPENAPI_JSON_PATH = '/docs/openapi.json';

const UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const UI_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Agent Ledger API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: '${OPENAPI_JSON_PATH}',
        dom_id: '#swagger-ui',
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: 'StandaloneLayout',
      });
    </script>
  </body>
</html>
`;

/**
 * The OpenAPI document (`/docs/openapi.json`) and a Swagger UI (`/docs`). The UI's files come from
 * `swagger-ui-dist` (a dependency of `@nestjs/swagger`) and are served by three plain routes:
 * `SwaggerModule`'s own UI needs `@fastify/static` on Fastify, which this project does not install.
 */
export function setupDocs(app: NestFastifyApplication, version: string): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Agent Ledger')
      .setDescription(
        'Event-sourced message store for AI-agent runtimes. Commands append runtime messages, compactions, prunings and hand-offs to one stream per session. Errors are JSON with a stable `code` (see docs/http-api.md).',
      )
      .setVersion(version)
      .setLicense('MIT', 'https://opensource.org/licenses/MIT')
      .addServer('/', 'The server that serves this document')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key, sent as `Authorization: Bearer <key>` (the client's `apiKey`), created with `agent-ledger keys create`. Required once any key exists, and always on a server bound beyond loopback; without keys the server runs open on loopback only (docs/security.md).",
        },
        'apiKey',
      )
      .addSecurityRequirements({})
      .addSecurityRequirements('apiKey')
      .build(),
  );
  describeOtherModulesAnswers(document);
  describeAccessAnswers(document);
  // OpenAPI 3.1: its schemas are JSON Schema 2020-12, the dialect of event-schemas/, so the
  // runtime messages are described by the same schemas the server validates them with.
  document.openapi = '3.1.0';
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...runtimeMessageComponents(),
      ...RESPONSE_SCHEMAS,
    },
  };
  SwaggerModule.setup(DOCS_PATH, app, document, {
    ui: false,
    raw: ['json'],
    jsonDocumentUrl: OPENAPI_JSON_PATH,
  });

  const assetsDir = swaggerUiDistDir();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(DOCS_PATH, (_request, reply) => reply.type('text/html; charset=utf-8').send(UI_HTML));
  for (const [file, contentType] of Object.entries(UI_ASSETS)) {
    let content: Buffer | undefined;
    fastify.get(`${DOCS_PATH}/${file}`, (_request, reply) => {
      content ??= readFileSync(path.join(assetsDir, file));
      return reply.type(contentType).send(content);
    });
  }
}

/**
 * The 200 answers (and 400s) of the search and analytics routes, which their module's decorators
 * do not describe yet: the schemas live with the others in `response-schemas.ts`, and this fills
 * them in where an operation has none, so the module's own decorators win once they say it.
 */
const OTHER_MODULES_ANSWERS: Record<string, { schema: string; badRequest?: string }> = {
  '/v1/search': { schema: 'SearchPage' },
  '/v1/sessions/{sessionId}/search': { schema: 'SearchPage' },
  '/v1/analytics': {
    schema: 'AnalyticsPage',
    badRequest: 'InvalidRequest: an unknown groupBy or a date that is not ISO-8601.',
  },
  '/v1/sessions/{sessionId}/analytics': {
    schema: 'SessionAnalytics',
    badRequest: 'InvalidRequest: a minPosition that is not a non-negative integer.',
  },
};

function describeOtherModulesAnswers(document: OpenAPIObject): void {
  for (const [route, { schema, badRequest }] of Object.entries(OTHER_MODULES_ANSWERS)) {
    const operation = document.paths[route]?.get;
    if (operation === undefined) continue;
    const ok = operation.responses['200'];
    if (ok === undefined || !('content' in ok) || ok.content === undefined) {
      operation.responses['200'] = {
        description: '',
        content: { 'application/json': { schema: schemaRef(schema) } },
      };
    }
    if (badRequest !== undefined && operation.responses['400'] === undefined) {
      operation.responses['400'] = {
        description: badRequest,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } },
        },
      };
    }
  }
}

/** Every `/v1` operation may answer 401 (no valid key) and 403 (the key lacks the route's scope). */
function describeAccessAnswers(document: OpenAPIObject): void {
  const error = (description: string) => ({
    description,
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } },
    },
  });
  for (const [route, operations] of Object.entries(document.paths)) {
    if (!route.startsWith('/v1/')) continue;
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const operation = operations[method];
      if (operation === undefined) continue;
      operation.responses['401'] ??= error(
        'Unauthorized: keys are required and none, or no valid one, was sent.',
      );
      operation.responses['403'] ??= error(
        "Forbidden: the key lacks the route's scope (or raw=true without audit).",
      );
    }
  }
}

function swaggerUiDistDir(): string {
  const swaggerEntry = require.resolve('@nestjs/swagger');
  return path.dirname(require.resolve('swagger-ui-dist/package.json', { paths: [swaggerEntry] }));
}
