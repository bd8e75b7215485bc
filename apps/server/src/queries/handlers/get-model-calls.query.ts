import { Query } from '@nestjs/cqrs';
import type { ModelCallsPage } from '@agent-ledger/client';
import type { SessionRef } from '../../access/session-ref';

/** A page of a session's recorded model calls, in log order. */
export class GetModelCallsQuery extends Query<ModelCallsPage> {
  constructor(
    readonly session: SessionRef,
    readonly options: { cursor?: string; limit?: number; minPosition?: number },
  ) {
    super();
  }
}
