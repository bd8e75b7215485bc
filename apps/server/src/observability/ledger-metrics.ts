import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** OpenTelemetry's recommended buckets for `http.server.request.duration`, in seconds. */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];
/** Events per append or per projection batch: powers of two up to the runner's batch size. */
const SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];

/** What `/metrics` reads when it is scraped (gauges are computed then, not kept up to date). */
export interface MetricSources {
  /** Each read-model handler's position, and the log's head (`null`: nothing yet). */
  projections(): Promise<{ handlers: Record<string, number | null>; head: number | null }>;
  /** Seconds since each handler was last at the head it knew (0 when it is there). */
  projectionLagSeconds(handler: string, behind: number): number;
  sseSubscribers(): number;
  sessions(): number | undefined;
  storeBytes(): Record<string, number>;
}

/**
 * The server's Prometheus metrics, one registry per app (tests start several). Names follow
 * OpenTelemetry's where one exists (`http_server_request_duration_seconds`); the others are
 * `agent_ledger_*`. Labels are bounded: a route is its template (`/v1/sessions/:sessionId`),
 * never the URL. The list and the meaning of each is in docs/operations.md.
 */
export class LedgerMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, by method, route template and status code.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: 'agent_ledger_append_duration_seconds',
    help: 'Duration of one append to the event store (validation, write, fsync with its group).',
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly appendEvents = new Histogram({
    name: 'agent_ledger_append_events',
    help: 'Events per append to the event store.',
    buckets: SIZE_BUCKETS,
    registers: [this.registry],
  });

  readonly appendFailures = new Counter({
    name: 'agent_ledger_append_failures_total',
    help: 'Appends the event store refused or failed, by error code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly projectionBatchEvents = new Histogram({
    name: 'agent_ledger_projection_batch_events',
    help: 'Events per batch the projection runner committed to the read models.',
    buckets: SIZE_BUCKETS,
    registers: [this.registry],
  });

  readonly modelContextDuration = new Histogram({
    name: 'agent_ledger_model_context_duration_seconds',
    help: 'Duration of one model-context computation, by format and by what answered it.',
    labelNames: ['format', 'source'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly modelContextCacheHits = new Counter({
    name: 'agent_ledger_model_context_cache_hits_total',
    help: 'Model contexts answered by an incremental view kept from an earlier request (only the new events read).',
    registers: [this.registry],
  });

  readonly modelContextCacheMisses = new Counter({
    name: 'agent_ledger_model_context_cache_misses_total',
    help: 'Model contexts computed afresh: an incremental view built now (built) or a replay of the log (replay).',
    registers: [this.registry],
  });

  readonly erasures = new Counter({
    name: 'agent_ledger_erasures_total',
    help: 'Erasures this server completed (receipts it appended to the ledger-erasures stream).',
    registers: [this.registry],
  });

  readonly erasedStreams = new Counter({
    name: 'agent_ledger_erased_streams_total',
    help: 'Session streams this server erased from the event store.',
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'agent_ledger_projection_lag_events',
      help: 'Positions of the log a read-model handler has not processed yet, by handler.',
      labelNames: ['handler'] as const,
      registers: [this.registry],
      async collect() {
        const { handlers, head } = await sources.projections();
        this.reset();
        for (const [handler, position] of Object.entries(handlers)) {
          this.set({ handler }, behindOf(position, head));
        }
      },
    });
    new Gauge({
      name: 'agent_ledger_projection_lag_seconds',
      help: 'Seconds a read-model handler has been behind the head of the log (0: caught up), by handler.',
      labelNames: ['handler'] as const,
      registers: [this.registry],
      async collect() {
        const { handlers, head } = await sources.projections();
        this.reset();
        for (const [handler, position] of Object.entries(handlers)) {
          this.set({ handler }, sources.projectionLagSeconds(handler, behindOf(position, head)));
        }
      },
    });
    new Gauge({
      name: 'agent_ledger_sse_subscribers',
      help: 'Live transcript subscribers (server-sent events) connected to this server.',
      registers: [this.registry],
      collect() {
        this.set(sources.sseSubscribers());
      },
    });
    new Gauge({
      name: 'agent_ledger_sessions',
      help: 'Sessions in the session list read model (every tenant).',
      registers: [this.registry],
      collect() {
        const sessions = sources.sessions();
        if (sessions !== undefined) this.set(sessions);
      },
    });
    new Gauge({
      name: 'agent_ledger_store_bytes',
      help: "Bytes of the server's files under DATA_DIR (with their write-ahead logs), by file.",
      labelNames: ['file'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [file, bytes] of Object.entries(sources.storeBytes())) this.set({ file }, bytes);
      },
    });
  }
}

function behindOf(position: number | null, head: number | null): number {
  if (head === null) return 0;
  return position === null ? head : Math.max(0, head - position);
}
