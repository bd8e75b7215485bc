import { Query } from '@nestjs/cqrs';
import type { TranscriptMessage } from '@agent-ledger/projections';
import type { SessionRef } from '../../access/session-ref';

/** A page of a session's transcript. */
export interface TranscriptPageResponse {
  sessionId: string;
  /** The session's revision the read model reflects. */
  revision: number;
  entries: TranscriptMessage[];
  /** Pass as `cursor` for the next page; `null` on the last one. */
  nextCursor: string | null;
}

/** A page of the transcript read model. */
export class GetTranscriptQuery extends Query<TranscriptPageResponse> {
  constructor(
    readonly session: SessionRef,
    readonly options: {
      cursor?: string | undefined;
      limit?: number | undefined;
      minPosition?: number | undefined;
    },
  ) {
    super();
  }
}
