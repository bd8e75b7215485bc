import { Query } from '@nestjs/cqrs';
import type { ModelContext, ModelContextQuery } from '@agent-ledger/model-context';
import type { SessionRef } from '../../access/session-ref';

/** The model view at replay, computed from the log (never stored). */
export class GetModelContextQuery extends Query<ModelContext> {
  constructor(
    readonly session: SessionRef,
    readonly query: ModelContextQuery,
  ) {
    super();
  }
}
