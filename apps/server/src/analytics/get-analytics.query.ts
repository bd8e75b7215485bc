import { Query } from '@nestjs/cqrs';
import type { AnalyticsGroup, AnalyticsGroupBy } from '@agent-ledger/projections';
import type { AnalyticsQueryDto } from './dto/analytics-query.dto';

/** `{ groupBy, from, to, groups }`. */
export interface AnalyticsResponse {
  groupBy: AnalyticsGroupBy;
  from: string | null;
  to: string | null;
  groups: AnalyticsGroup[];
}

/** Analytics across sessions, grouped, over a time range. */
export class GetAnalyticsQuery extends Query<AnalyticsResponse> {
  constructor(
    /** Only this tenant's sessions count. */
    readonly tenant: string,
    readonly options: AnalyticsQueryDto,
  ) {
    super();
  }
}
