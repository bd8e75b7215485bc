import { Query } from '@nestjs/cqrs';
import type { SessionSummary } from '@agent-ledger/read-models';

/** A page of the session list. */
export interface SessionListResponse {
  sessions: SessionSummary[];
  /** Pass as `cursor` for the next page; `null` on the last one. */
  nextCursor: string | null;
}

/** The session list, newest activity first. */
export class ListSessionsQuery extends Query<SessionListResponse> {
  constructor(
    /** Only this tenant's sessions are listed. */
    readonly tenant: string,
    readonly options: {
      cursor?: string | undefined;
      limit?: number | undefined;
      minPosition?: number | undefined;
    },
  ) {
    super();
  }
}
