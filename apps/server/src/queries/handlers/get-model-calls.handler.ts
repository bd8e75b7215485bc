import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ModelCallEntry, ModelCallsPage } from '@agent-ledger/client';
import { StreamNotFoundError, type EventStore } from '@agent-ledger/event-store';
import {
  parseSessionLogEvent,
  sessionStreamName,
  SessionNotFoundError,
} from '@agent-ledger/events';
import { SessionListReader } from '@agent-ledger/read-models';
import { EVENT_STORE } from '../../tokens';
import { modelCallEntry } from '../model-call-entry';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { GetModelCallsQuery } from './get-model-calls.query';
import { requireSession } from './require-session';

/**
 * The session's recorded model calls from its stream, page by page: the cursor is the revision to
 * read on from and the number of the next call (`<revision>-<number>`), so numbers stay those of
 * `model-context?call=N` on every page. The session must be in the session list (a session of
 * another tenant, or one whose content a retention run stripped, is not found).
 */
@QueryHandler(GetModelCallsQuery)
export class GetModelCallsHandler implements IQueryHandler<GetModelCallsQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ session, options }: GetModelCallsQuery): Promise<ModelCallsPage> {
    await this.readYourWrites.reach(options.minPosition);
    requireSession(this.sessions, session);
    const limit = options.limit ?? 100;
    const [fromRevision, firstNumber] = (options.cursor ?? '0-1').split('-').map(Number);
    let number = firstNumber ?? 1;
    const calls: ModelCallEntry[] = [];
    let nextCursor: string | null = null;
    try {
      const stream = this.store.readStream(sessionStreamName(session.key), {
        direction: 'forwards',
        fromRevision: fromRevision ?? 0,
      });
      for await (const event of stream) {
        if (event.type !== 'ModelCallRecorded') continue;
        if (calls.length === limit) {
          nextCursor = `${event.revision}-${number}`;
          break;
        }
        const parsed = parseSessionLogEvent(event);
        const recorded = parsed.ok ? parsed.event.event : undefined;
        if (recorded?.type === 'ModelCallRecorded') {
          calls.push(modelCallEntry(number, event.revision, recorded.data));
        }
        number += 1;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new SessionNotFoundError(session.sessionId);
      throw error;
    }
    return { sessionId: session.sessionId, calls, nextCursor };
  }
}
