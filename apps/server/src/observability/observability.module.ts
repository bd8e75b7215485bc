import { statSync } from 'node:fs';
import { KeyRegistry } from '@agent-ledger/access';
import {
  sqliteEventStorePath,
  type ReadModelConfig,
  type ServerConfig,
} from '@agent-ledger/config';
import type { EventStore } from '@agent-ledger/event-store';
import type { LiveProjections, ReadModelDatabase } from '@agent-ledger/read-models';
import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { SpanKind } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import {
  LIVE_PROJECTIONS,
  READ_MODEL_CONFIG,
  READ_MODEL_DB,
} from '../queries/read-models/read-model.tokens';
import { QueriesModule } from '../queries/queries.module';
import { TranscriptFeed } from '../queries/transcript-feed';
import { isLoopbackHost } from '../security/allowed-host-names';
import { EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { guardMetrics } from './guard-metrics';
import { LedgerMetrics } from './ledger-metrics';
import { ModelContextObserver } from './model-context-observer';
import { ProjectionLag } from './projection-lag';
import type { Observability } from './observability';
import { OBSERVABILITY } from './observability.tokens';
import { codeOf, traced } from './traced';

/** Where the Prometheus text is served. */
export const METRICS_PATH = '/metrics';

/** The audit stream whose `ErasureCompleted` receipts count as erasures. */
const ERASURES_STREAM = 'ledger-erasures';

/**
 * Metrics, traces and logs at the few seams where the work passes: the event store's `append`
 * and `eraseStream` (latency, batch sizes, erasures), the command and query buses (a span per
 * command and query, while tracing is on), the projection runner's committed batches (batch
 * sizes, a span per batch, lag per handler), the model-context handler (`ModelContextObserver`),
 * and HTTP (`instrumentHttp`, set up by `createApp`). Serves `GET /metrics` (`guardMetrics`).
 */
@Global()
@Module({})
export class ObservabilityModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(OBSERVABILITY) private readonly observability: Observability,
    private readonly metrics: LedgerMetrics,
    private readonly lag: ProjectionLag,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_PROJECTIONS) private readonly projections: LiveProjections,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly keys: KeyRegistry,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  static forRoot(observability: Observability): DynamicModule {
    return {
      module: ObservabilityModule,
      imports: [QueriesModule],
      providers: [
        { provide: OBSERVABILITY, useValue: observability },
        {
          provide: LedgerMetrics,
          useFactory: (
            store: EventStore,
            projections: LiveProjections,
            feed: TranscriptFeed,
            db: ReadModelDatabase,
            config: ServerConfig,
            readModels: ReadModelConfig,
            lag: ProjectionLag,
          ) => {
            return new LedgerMetrics({
              projections: async () => ({
                handlers: projections.handlerPositions ?? { all: projections.position },
                head: await store.headPosition(),
              }),
              projectionLagSeconds: (handler, behind) => lag.seconds(handler, behind),
              sseSubscribers: () => feed.subscribers,
              sessions: () => countSessions(db),
              storeBytes: () => storeBytes(config, readModels),
            });
          },
          inject: [
            EVENT_STORE,
            LIVE_PROJECTIONS,
            TranscriptFeed,
            READ_MODEL_DB,
            SERVER_CONFIG,
            READ_MODEL_CONFIG,
            ProjectionLag,
          ],
        },
        { provide: ProjectionLag, useFactory: () => new ProjectionLag(() => Date.now()) },
        ModelContextObserver,
      ],
      exports: [OBSERVABILITY, LedgerMetrics, ModelContextObserver],
    };
  }

  onModuleInit(): void {
    this.observeStore();
    this.observeProjections();
    this.traceBuses();
    this.serveMetrics();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.observability.shutdown();
  }

  private observeStore(): void {
    const store = this.store;
    const metrics = this.metrics;
    const append = store.append.bind(store);
    store.append = async (streamName, events, options) => {
      const start = process.hrtime.bigint();
      try {
        const result = await append(streamName, events, options);
        metrics.appendDuration.observe(Number(process.hrtime.bigint() - start) / 1e9);
        metrics.appendEvents.observe(events.length);
        this.lag.appended(result.position);
        if (streamName === ERASURES_STREAM) {
          const receipts = events.filter((event) => event.type === 'ErasureCompleted').length;
          if (receipts > 0) metrics.erasures.inc(receipts);
        }
        return result;
      } catch (error) {
        metrics.appendFailures.inc({ code: codeOf(error) });
        throw error;
      }
    };
    const eraseStream = store.eraseStream.bind(store);
    store.eraseStream = async (streamName) => {
      const result = await eraseStream(streamName);
      metrics.erasedStreams.inc();
      return result;
    };
  }

  private observeProjections(): void {
    const tracer = this.observability.tracer;
    this.projections.onBatchCommitted((batch) => {
      this.lag.committed(this.projections.handlerPositions ?? { all: this.projections.position });
      // A batch another server on the same read-model file applied first: reached, not applied.
      if (batch.events === 0) return;
      this.metrics.projectionBatchEvents.observe(batch.events);
      if (tracer === undefined || batch.timing === undefined) return;
      tracer
        .startSpan('projection batch', {
          kind: SpanKind.CONSUMER,
          startTime: batch.timing.startedAt,
          root: true,
          attributes: {
            'messaging.operation.type': 'process',
            'messaging.batch.message_count': batch.events,
            'agent_ledger.projection.position': batch.position,
          },
        })
        .end(batch.timing.endedAt);
    });
  }

  /** A span around every command and query sent on the buses, while tracing is on. */
  private traceBuses(): void {
    const tracer = this.observability.tracer;
    if (tracer === undefined) return;
    for (const [kind, bus] of [
      ['command', this.commands],
      ['query', this.queries],
    ] as const) {
      const target = bus as unknown as { execute: (message: object) => Promise<unknown> };
      const execute = target.execute.bind(bus);
      target.execute = (message) =>
        traced(tracer, `${kind} ${message.constructor.name}`, sessionAttributes(message), () =>
          execute(message),
        );
    }
  }

  private serveMetrics(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const openAllowed = isLoopbackHost(this.config.host);
    fastify.get(METRICS_PATH, async (request, reply) => {
      const secret = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      // As the API: a key made through another node a moment ago is looked up before refusing.
      if (!this.keys.loaded || (secret !== undefined && this.keys.namesUnknownKey(secret))) {
        await this.keys.refresh().catch(() => undefined);
      }
      guardMetrics(request, this.keys, openAllowed);
      const text = await this.metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(this.metrics.registry.contentType)
        .send(text);
    });
  }
}

/** The session a command or query is about, as span attributes. */
function sessionAttributes(message: object): Record<string, string> {
  const fields = message as { sessionId?: unknown; session?: { sessionId?: unknown } };
  const sessionId =
    typeof fields.sessionId === 'string' ? fields.sessionId : fields.session?.sessionId;
  return typeof sessionId === 'string'
    ? { 'agent_ledger.session.id': sessionId, 'gen_ai.conversation.id': sessionId }
    : {};
}

function countSessions(db: ReadModelDatabase): number | undefined {
  try {
    return db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM rm_sessions').get()
      ?.count;
  } catch {
    // Not created yet (a rebuild): said by its absence.
    return undefined;
  }
}

function storeBytes(config: ServerConfig, readModels: ReadModelConfig): Record<string, number> {
  const files: Record<string, string> = { 'read-models': readModels.path };
  if (config.eventStore === 'sqlite') files['events'] = sqliteEventStorePath(config);
  if (config.contentEncryption.enabled) files['content-keys'] = config.contentEncryption.keysPath;
  const bytes: Record<string, number> = {};
  for (const [file, path] of Object.entries(files)) {
    const size = sizeOf(path) + sizeOf(`${path}-wal`);
    if (size > 0) bytes[file] = size;
  }
  return bytes;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
