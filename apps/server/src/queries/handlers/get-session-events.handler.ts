import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StreamNotFoundError, type EventStore } from '@agent-ledger/event-store';
import { sessionStreamName, SessionNotFoundError } from '@agent-ledger/events';
import type { ReadModelConfig } from '@agent-ledger/config';
import { EVENT_STORE } from '../../tokens';
import { READ_MODEL_CONFIG } from '../read-models/read-model.tokens';
import { GetSessionEventsQuery, type SessionEventsResponse } from './get-session-events.query';

@QueryHandler(GetSessionEventsQuery)
export class GetSessionEventsHandler implements IQueryHandler<GetSessionEventsQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
  ) {}

  async execute({ session, options }: GetSessionEventsQuery): Promise<SessionEventsResponse> {
    const limit = options.limit ?? 100;
    const direction = options.direction ?? 'forwards';
    const events: SessionEventsResponse['events'] = [];
    let nextRevision: number | null = null;
    let bytes = 0;
    try {
      const stream = this.store.readStream(sessionStreamName(session.key), {
        direction,
        fromRevision: options.fromRevision ?? (direction === 'forwards' ? 'start' : 'end'),
        maxCount: limit + 1,
      });
      for await (const { streamName: _streamName, ...event } of stream) {
        // A page ends at `limit` events or before the one that takes it past `MAX_PAGE_BYTES`.
        bytes += JSON.stringify(event.data).length + JSON.stringify(event.metadata).length;
        if (events.length === limit || (events.length > 0 && bytes > this.config.maxPageBytes)) {
          nextRevision = event.revision;
          break;
        }
        events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new SessionNotFoundError(session.sessionId);
      throw error;
    }
    return { sessionId: session.sessionId, events, nextRevision };
  }
}
