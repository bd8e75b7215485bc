import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ModelContextReader, type ModelContext } from '@agent-ledger/model-context';
import { ModelContextObserver } from '../../observability/model-context-observer';
import { GetModelContextQuery } from './get-model-context.query';

/**
 * Reads the session's window from the event store itself: always fresh, no read model involved.
 * Observed (latency, cache hits, a span) by `ModelContextObserver`.
 */
@QueryHandler(GetModelContextQuery)
export class GetModelContextHandler implements IQueryHandler<GetModelContextQuery> {
  constructor(
    private readonly contexts: ModelContextReader,
    private readonly observer: ModelContextObserver,
  ) {}

  execute({ session, query }: GetModelContextQuery): Promise<ModelContext> {
    return this.observer.load(session, query, () =>
      this.contexts.loadWithSource(session.key, query),
    );
  }
}
