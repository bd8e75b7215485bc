import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type {
  DebugPage,
  ModelContextFormat,
  ModelContextResponse,
  SessionAnalytics,
  SessionListPage,
  TranscriptPage,
} from '@agent-ledger/client';
import type { Caller } from '../access/caller';
import { sessionRefOf } from '../access/session-ref';
import { ViewRedaction } from '../access/view-redaction';
import { GetSessionAnalyticsQuery } from '../analytics/get-session-analytics.query';
import { GetDebugViewQuery } from '../queries/handlers/get-debug-view.query';
import { GetModelContextQuery } from '../queries/handlers/get-model-context.query';
import { GetTranscriptQuery } from '../queries/handlers/get-transcript.query';
import { ListSessionsQuery } from '../queries/handlers/list-sessions.query';
import { modelContextResponse } from '../queries/model-context-response';
import { SearchMessagesQuery, type SearchResponse } from '../search/search-messages.query';

/** A page request of the MCP tools. */
export interface HistoryPage {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/**
 * The read side as the MCP tools ask it: the same queries the HTTP routes send on the `QueryBus`
 * (so the same handlers, tenancy and errors), each answer redacted for a caller without `audit`
 * exactly as the route redacts it.
 */
@Injectable()
export class HistoryQueries {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly redaction: ViewRedaction,
  ) {}

  listSessions(caller: Caller, page: HistoryPage): Promise<SessionListPage> {
    return this.queryBus.execute(new ListSessionsQuery(caller.tenant, page));
  }

  async transcript(caller: Caller, sessionId: string, page: HistoryPage): Promise<TranscriptPage> {
    const answer = await this.queryBus.execute(
      new GetTranscriptQuery(sessionRefOf(caller, sessionId), page),
    );
    return this.redaction.forCaller(caller, answer);
  }

  async debug(caller: Caller, sessionId: string, page: HistoryPage): Promise<DebugPage> {
    const answer = await this.queryBus.execute(
      new GetDebugViewQuery(sessionRefOf(caller, sessionId), {}, page),
    );
    return this.redaction.forCaller(caller, answer);
  }

  async modelContext(
    caller: Caller,
    sessionId: string,
    options: { format: ModelContextFormat; atRevision?: number; call?: number },
  ): Promise<ModelContextResponse> {
    const context = await this.queryBus.execute(
      new GetModelContextQuery(sessionRefOf(caller, sessionId), options),
    );
    return this.redaction.forCaller(caller, modelContextResponse(sessionId, context));
  }

  search(
    caller: Caller,
    query: {
      q: string;
      sessionId?: string;
      from?: string;
      to?: string;
      cursor?: string;
      limit?: number;
    },
  ): Promise<SearchResponse> {
    const { sessionId, ...options } = query;
    return this.queryBus.execute(new SearchMessagesQuery(caller, options, sessionId));
  }

  sessionAnalytics(caller: Caller, sessionId: string): Promise<SessionAnalytics> {
    return this.queryBus.execute(
      new GetSessionAnalyticsQuery(sessionRefOf(caller, sessionId), undefined),
    );
  }
}
