import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StreamNotFoundError, type EventStore } from '@agent-ledger/event-store';
import { sessionStreamName, SessionNotFoundError } from '@agent-ledger/events';
import { EVENT_STORE } from '../../tokens';
import { GetSessionEventsQuery, type SessionEventsResponse } from './get-session-events.query';

@QueryHandler(GetSessionEventsQuery)
export class GetSessionEventsHandler implements IQueryHandler<GetSessionEventsQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ session, options }: GetSessionEventsQuery): Promise<SessionEventsResponse> {
    const limit = options.limit ?? 100;
    const direction = options.direction ?? 'forwards';
    const events: SessionEventsResponse['events'] = [];
    let nextRevision: number | null = null;
    try {
      const stream = this.store.readStream(sessionStreamName(session.key), {
        direction,
        fromRevision: options.fromRevision ?? (direction === 'forwards' ? 'start' : 'end'),
        maxCount: limit + 1,
      });
      for await (const { streamName: _streamName, ...event } of stream) {
        if (events.length === limit) {
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
