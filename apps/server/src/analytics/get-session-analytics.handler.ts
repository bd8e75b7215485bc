import { SessionNotFoundError } from '@agent-ledger/events';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { summarizeAnalytics, type SessionAnalytics } from '@agent-ledger/projections';
import { AnalyticsReader, SessionListReader } from '@agent-ledger/read-models';
import { ReadYourWrites } from '../queries/read-models/read-your-writes';
import { GetSessionAnalyticsQuery } from './get-session-analytics.query';

@QueryHandler(GetSessionAnalyticsQuery)
export class GetSessionAnalyticsHandler implements IQueryHandler<GetSessionAnalyticsQuery> {
  constructor(
    private readonly analytics: AnalyticsReader,
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ session, minPosition }: GetSessionAnalyticsQuery): Promise<SessionAnalytics> {
    await this.readYourWrites.reach(minPosition);
    const figures = this.analytics.session(session.key);
    // Rows hold the session key; the answer names the session as the caller does.
    if (figures !== undefined) return { ...figures, sessionId: session.sessionId };
    // A session that exists but has recorded nothing yet has zeros, not a 404.
    if (this.sessions.session(session.key) === undefined) {
      throw new SessionNotFoundError(session.sessionId);
    }
    return summarizeAnalytics(session.sessionId, [], []);
  }
}
