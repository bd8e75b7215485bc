import { Query } from '@nestjs/cqrs';
import type { RecordedEvent } from '@agent-ledger/event-store';
import type { SessionRef } from '../../access/session-ref';

/** A page of a session's raw stream. */
export interface SessionEventsResponse {
  sessionId: string;
  events: Array<Omit<RecordedEvent, 'streamName'>>;
  /** Pass as `fromRevision` (same `direction`) for the next page; `null` on the last one. */
  nextRevision: number | null;
}

/** The raw stream, for auditors: every event as stored, paginated by revision. */
export class GetSessionEventsQuery extends Query<SessionEventsResponse> {
  constructor(
    readonly session: SessionRef,
    readonly options: {
      fromRevision?: number;
      limit?: number;
      direction?: 'forwards' | 'backwards';
    },
  ) {
    super();
  }
}
