import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AnalyticsReader } from '@agent-ledger/read-models';
import { ReadYourWrites } from '../queries/read-models/read-your-writes';
import { GetAnalyticsQuery, type AnalyticsResponse } from './get-analytics.query';

@QueryHandler(GetAnalyticsQuery)
export class GetAnalyticsHandler implements IQueryHandler<GetAnalyticsQuery> {
  constructor(
    private readonly analytics: AnalyticsReader,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ tenant, options }: GetAnalyticsQuery): Promise<AnalyticsResponse> {
    await this.readYourWrites.reach(options.minPosition);
    const groupBy = options.groupBy ?? 'day';
    const from = options.from === undefined ? undefined : new Date(options.from).toISOString();
    const to = options.to === undefined ? undefined : new Date(options.to).toISOString();
    return {
      groupBy,
      from: from ?? null,
      to: to ?? null,
      groups: this.analytics.groups(groupBy, {
        tenant,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      }),
    };
  }
}
