import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { lastAgentName, projectToDebug } from '@agent-ledger/projections';
import {
  listFailedEvents,
  SessionListReader,
  SessionViewsReader,
  type ReadModelDatabase,
} from '@agent-ledger/read-models';
import { READ_MODEL_DB } from '../read-models/read-model.tokens';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { RepairingReads } from '../read-models/repairing-reads';
import { GetDebugViewQuery, type DebugViewResponse } from './get-debug-view.query';
import { requireSession } from './require-session';

/**
 * The debug read model stores what does not depend on projection options (normalized messages
 * with all metadata, repairs, failed events); what the model view does with each message depends
 * on the options a runtime uses, so it is joined here, per request, by `projectToDebug` over the
 * stored messages: the answer to "why did the model not see X" for exactly those options.
 */
@QueryHandler(GetDebugViewQuery)
export class GetDebugViewHandler implements IQueryHandler<GetDebugViewQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(READ_MODEL_DB) private readonly db: ReadModelDatabase,
    private readonly repairing: RepairingReads,
  ) {}

  async execute({ session, context, options }: GetDebugViewQuery): Promise<DebugViewResponse> {
    await this.readYourWrites.reach(options.minPosition);
    const { revision, messages } = await this.repairing.read(() => ({
      revision: requireSession(this.sessions, session).revision,
      messages: this.views.messages(session.key),
    }));
    const debug = projectToDebug(
      messages,
      {
        ...context,
        sessionId: session.sessionId,
        activeAgentName: context.activeAgentName ?? lastAgentName(messages) ?? 'default',
      },
      options.recentUserTurns === undefined ? {} : { recentUserTurns: options.recentUserTurns },
    );
    const start = options.cursor === undefined ? 0 : Number(options.cursor);
    const end = start + (options.limit ?? 100);
    return {
      sessionId: session.sessionId,
      revision,
      messages: debug.messages.slice(start, end),
      nextCursor: end < debug.messages.length ? String(end) : null,
      diagnostics: debug.diagnostics,
      repairs: this.views.repairs(session.key),
      failedEvents: listFailedEvents(this.db, session.key),
    };
  }
}
