import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ModelContextReader, type ModelContext } from '@agent-ledger/model-context';
import { GetModelContextQuery } from './get-model-context.query';

/** Reads the session's window from the event store itself: always fresh, no read model involved. */
@QueryHandler(GetModelContextQuery)
export class GetModelContextHandler implements IQueryHandler<GetModelContextQuery> {
  constructor(private readonly contexts: ModelContextReader) {}

  execute({ session, query }: GetModelContextQuery): Promise<ModelContext> {
    return this.contexts.load(session.key, query);
  }
}
