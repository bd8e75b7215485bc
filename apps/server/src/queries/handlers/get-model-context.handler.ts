import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '@agent-ledger/event-store';
import { loadModelContext, type ModelContext } from '@agent-ledger/read-models';
import { EVENT_STORE } from '../../tokens';
import { GetModelContextQuery } from './get-model-context.query';

/** Reads the session's window from the event store itself: always fresh, no read model involved. */
@QueryHandler(GetModelContextQuery)
export class GetModelContextHandler implements IQueryHandler<GetModelContextQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ session, query }: GetModelContextQuery): Promise<ModelContext> {
    return loadModelContext(this.store, session.key, query);
  }
}
