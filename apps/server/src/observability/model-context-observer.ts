import type {
  ModelContext,
  ModelContextQuery,
  ModelContextSource,
} from '@agent-ledger/model-context';
import { Inject, Injectable } from '@nestjs/common';
import type { SessionRef } from '../access/session-ref';
import { LedgerMetrics } from './ledger-metrics';
import type { Observability } from './observability';
import { OBSERVABILITY } from './observability.tokens';
import { traced } from './traced';

type Load = () => Promise<{ context: ModelContext; source: ModelContextSource }>;

/**
 * Observes each model-context computation: its duration by format and source, a cache hit
 * (`incremental`: a view kept from an earlier request) or miss (`built`, `replay`), and, while tracing is on, a `model_context` span with the
 * GenAI attributes that apply (`gen_ai.operation.name`, `gen_ai.conversation.id` for the
 * session, `gen_ai.provider.name` and `gen_ai.system` for the provider asked for) and what it
 * read.
 */
@Injectable()
export class ModelContextObserver {
  constructor(
    private readonly metrics: LedgerMetrics,
    @Inject(OBSERVABILITY) private readonly observability: Observability,
  ) {}

  async load(session: SessionRef, query: ModelContextQuery, load: Load): Promise<ModelContext> {
    const tracer = this.observability.tracer;
    if (tracer === undefined) return this.measure(query, load);
    const provider = query.provider;
    return traced(
      tracer,
      provider === undefined ? 'model_context' : `model_context ${provider}`,
      {
        'gen_ai.operation.name': 'model_context',
        'gen_ai.conversation.id': session.sessionId,
        ...(provider === undefined
          ? {}
          : { 'gen_ai.provider.name': provider, 'gen_ai.system': provider }),
        'agent_ledger.model_context.format': query.format ?? 'model',
      },
      async (span) => {
        const context = await this.measure(query, load, (source, answer) => {
          span.setAttributes({
            'agent_ledger.model_context.source': source,
            'agent_ledger.model_context.revision': answer.revision,
            'agent_ledger.model_context.messages': answer.messages.length,
          });
        });
        return context;
      },
    );
  }

  private async measure(
    query: ModelContextQuery,
    load: Load,
    done?: (source: ModelContextSource, context: ModelContext) => void,
  ): Promise<ModelContext> {
    const start = process.hrtime.bigint();
    const { context, source } = await load();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    this.metrics.modelContextDuration.observe({ format: query.format ?? 'model', source }, seconds);
    if (source === 'incremental') this.metrics.modelContextCacheHits.inc();
    else this.metrics.modelContextCacheMisses.inc();
    done?.(source, context);
    return context;
  }
}
