import { Query } from '@nestjs/cqrs';
import type { SessionAnalytics } from '@agent-ledger/projections';
import type { SessionRef } from '../access/session-ref';

/** One session's analytics. */
export class GetSessionAnalyticsQuery extends Query<SessionAnalytics> {
  constructor(
    readonly session: SessionRef,
    readonly minPosition: number | undefined,
  ) {
    super();
  }
}
