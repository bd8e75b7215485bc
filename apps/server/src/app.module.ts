import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ServerConfig } from '@agent-ledger/config';
import { AccessModule } from './access/access.module';
import { BlobsModule } from './blobs/blobs.module';
import { ErasureModule } from './erasure/erasure.module';
import { EventStoreModule } from './event-store/event-store.module';
import { HealthController } from './health/health.controller';
import { ImportsModule } from './imports/imports.module';
import { InspectorModule } from './inspector/inspector.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import type { Observability } from './observability/observability';
import { ObservabilityModule } from './observability/observability.module';
import { ModelContextObserver } from './observability/model-context-observer';
import { McpModule } from './mcp/mcp.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { QueriesModule } from './queries/queries.module';
import { SearchModule } from './search/search.module';
import { SessionsModule } from './sessions/sessions.module';
import { CLOCK, SERVER_CONFIG, type Clock } from './tokens';

const systemClock: Clock = () => new Date().toISOString();

/** A `ModelContextObserver` that only computes: no metrics, no span. */
const UNOBSERVED_MODEL_CONTEXT: Pick<ModelContextObserver, 'load'> = {
  load: async (_session, _query, load) => (await load()).context,
};

/**
 * The server: the event store chosen by the configuration, the command side, health, metrics.
 * Without `observability`, or with `http: false`, it leaves out what needs an HTTP server (the
 * inspector's files, `/metrics` and the request instrumentation), for the application without one
 * that `agent-ledger mcp` runs.
 */
@Module({})
export class AppModule {
  static forRoot(
    config: ServerConfig,
    observability: Observability | undefined,
    options: { http?: boolean } = {},
  ): DynamicModule {
    const http = options.http !== false && observability !== undefined;
    return {
      module: AppModule,
      global: true,
      imports: [
        CqrsModule.forRoot(),
        AccessModule,
        EventStoreModule.forRoot(config),
        BlobsModule,
        SessionsModule,
        QueriesModule,
        LifecycleModule,
        ImportsModule,
        SearchModule,
        AnalyticsModule,
        ...(http ? [InspectorModule] : []),
        ErasureModule,
        ...(http ? [ObservabilityModule.forRoot(observability)] : []),
        McpModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: SERVER_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        // Without the observability module, the model context is computed unobserved.
        ...(http ? [] : [{ provide: ModelContextObserver, useValue: UNOBSERVED_MODEL_CONTEXT }]),
      ],
      exports: [SERVER_CONFIG, CLOCK, ...(http ? [] : [ModelContextObserver])],
    };
  }
}
