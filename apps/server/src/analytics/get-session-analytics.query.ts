import type { SessionRef } from '../access/session-ref';
import { Query } from '@nestjs/cqrs';
import type { SessionAnalytics } from '@agent-ledger/projections';

/** One session's analytics. */
export class GetSessionAnalyticsQuery extends Query<SessionAnalytics> {
  constructor(
    readonly session: SessionRef,
    readonly minPosition: number | undefined,
  ) {
    super();
  }
}
