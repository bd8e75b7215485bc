import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import { AppModule } from './app.module';
import type { ServerConfig } from './config';
import { setupDocs } from './docs/setup-docs';
import { createValidationPipe } from './http/create-validation-pipe';
import { HttpExceptionFilter } from './http/http-exception.filter';

/** The application version shown in the OpenAPI document. */
const VERSION = '0.1.0';

/**
 * Builds the server (not listening yet): Fastify with the configured body limit, the validation
 * pipe, the exception filter (also for errors Fastify raises before Nest sees the request), the
 * OpenAPI document and Swagger UI, and shutdown hooks that close the event store.
 */
export async function createApp(
  config: ServerConfig,
  options: { logger?: LogLevel[] | false } = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter({ bodyLimit: config.maxBodyBytes }),
    { logger: options.logger ?? ['log', 'warn', 'error'] },
  );
  // Nest routes Fastify's own errors (body too large, not JSON) through this filter too.
  app.useGlobalFilters(new HttpExceptionFilter({ maxBodyBytes: config.maxBodyBytes }));
  app.useGlobalPipes(createValidationPipe());
  // Every body is JSON: anything else gets 415 rather than a string that fails validation.
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  setupDocs(app, VERSION);
  app.enableShutdownHooks();
  return app;
}
