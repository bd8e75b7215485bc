import { splitSessionKey } from '@agent-ledger/events';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SessionErasure } from '@agent-ledger/session-commands';
import { SESSION_ERASURE } from '../../tokens';
import { SessionListReader } from '@agent-ledger/read-models';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { ListSessionsQuery, type SessionListResponse } from './list-sessions.query';

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(SESSION_ERASURE) private readonly erasure: Pick<SessionErasure, 'isErasing'>,
  ) {}

  async execute({ tenant, options }: ListSessionsQuery): Promise<SessionListResponse> {
    await this.readYourWrites.reach(options.minPosition);
    const page = this.sessions.page({
      ...(options.cursor === undefined ? {} : { beforePosition: Number(options.cursor) }),
      limit: options.limit ?? 50,
      tenant,
    });
    return {
      // Rows hold session keys; the caller knows its sessions by their public ids.
      // A session being erased is named nowhere, even before the read models purged it.
      sessions: page.sessions
        .filter((summary) => !this.erasure.isErasing(summary.sessionId))
        .map((summary) => ({
          ...summary,
          sessionId: splitSessionKey(summary.sessionId).sessionId,
        })),
      nextCursor: page.nextPosition === undefined ? null : String(page.nextPosition),
    };
  }
}
