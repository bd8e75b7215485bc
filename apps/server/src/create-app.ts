import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from '@nestjs/common';
import { KeyRegistry } from '@agent-ledger/access';
import { ConfigError, type ServerConfig } from '@agent-ledger/config';
import { AppModule } from './app.module';
import { instrumentHttp } from './observability/instrument-http';
import { LedgerMetrics } from './observability/ledger-metrics';
import { startObservability, type Observability } from './observability/observability';
import { PinoNestLogger } from './observability/pino-nest-logger';
import { requestIdOf } from './observability/request-id';
import { isLoopbackHost } from './security/allowed-host-names';
import { setupDocs } from './docs/setup-docs';
import { createValidationPipe } from './http/create-validation-pipe';
import { decideReadOnlyStart } from './health/storage-health';
import { refuseWritesWhenReadOnly } from './health/refuse-writes-when-read-only';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { answerClientError } from './security/answer-client-error';
import { answerFrameworkError } from './security/answer-framework-error';
import { createHttpServerFactory } from './security/create-http-server-factory';
import { hardenHttp } from './security/harden-http';
import { PLAINLY_VALID_SESSION_DTOS } from './sessions/dto/plainly-valid-session-dtos';

/** The application version shown in the OpenAPI document and on traces. */
export const VERSION = '0.1.0';

/**
 * The longest path parameter the router takes, in characters as sent: an id of 200 characters
 * (the documented maximum), each percent-encoded as up to 4 UTF-8 bytes (`%XX` each).
 */
const MAX_PARAM_LENGTH = 200 * 4 * 3;

/**
 * Builds the server (not listening yet): Fastify with the configured body limit, timeouts and
 * connection cap, the HTTP hardening of `hardenHttp` (`docs/security.md`), the validation
 * pipe, the exception filter (also for errors Fastify raises before Nest sees the request), the
 * OpenAPI document and Swagger UI, and shutdown hooks that close the event store. Logs,
 * metrics and traces are `observability`'s (`startObservability`); without it, the server logs
 * text at `info` (nothing with `logger: false`) and traces nothing.
 */
export async function createApp(
  config: ServerConfig,
  options: {
    logger?: false;
    observability?: Observability;
    /** `false`: no HTTP metrics, request lines or server spans (the observability benchmark's floor). */
    observeHttp?: false;
  } = {},
): Promise<NestFastifyApplication> {
  const observability =
    options.observability ??
    (await startObservability(
      {
        log: { format: 'text', level: options.logger === false ? 'silent' : 'info' },
        tracing: undefined,
      },
      VERSION,
    ));
  // Before any file is opened: on a full disk, they are opened read-only.
  const readOnly = decideReadOnlyStart(config.dataDir);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, observability),
    new FastifyAdapter({
      bodyLimit: config.maxBodyBytes,
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      serverFactory: createHttpServerFactory(config.http),
      frameworkErrors: answerFrameworkError,
      clientErrorHandler: answerClientError,
      // A caller's X-Request-Id (when plain), else a UUID: the `reqId` of the request's log lines.
      genReqId: requestIdOf,
    }),
    // The body parsers are `hardenHttp`'s: JSON only.
    {
      logger: options.logger === false ? false : new PinoNestLogger(observability.log),
      bodyParser: false,
    },
  );
  // First of the request hooks: a request refused by any later one is measured and logged too.
  if (options.observeHttp !== false) {
    instrumentHttp(app.getHttpAdapter().getInstance(), {
      log: observability.log,
      metrics: app.get(LedgerMetrics),
      ...(observability.tracer === undefined ? {} : { tracer: observability.tracer }),
    });
  }
  // Nest routes Fastify's own errors (body too large, not JSON) through this filter too.
  app.useGlobalFilters(
    new HttpExceptionFilter({
      maxBodyBytes: config.maxBodyBytes,
      maxAppendBodyBytes: config.maxAppendBodyBytes,
    }),
  );
  app.useGlobalPipes(createValidationPipe(PLAINLY_VALID_SESSION_DTOS));
  // Every body is JSON: anything else gets 415 (no HTML form can post here).
  const keys = app.get(KeyRegistry);
  const openAllowed = isLoopbackHost(config.host);
  // Keys not read yet (the store does not answer): the server starts closed and reads them later.
  if (!openAllowed && keys.loaded && !keys.hasActiveKeys()) {
    await app.close();
    throw new ConfigError(
      `HOST is ${config.host}, which other machines can reach, and no API key exists: the server would be open to them. Create a key first in its event store (DATA_DIR=${config.dataDir} npx agent-ledger keys create --tenant <tenant> --scope read --scope write), or bind to 127.0.0.1.`,
    );
  }
  await hardenHttp(app, config, { keys, openAllowed });
  if (readOnly !== undefined) {
    refuseWritesWhenReadOnly(app);
    new Logger('Storage').warn(readOnly);
  }
  setupDocs(app, VERSION);
  app.enableShutdownHooks();
  return app;
}
