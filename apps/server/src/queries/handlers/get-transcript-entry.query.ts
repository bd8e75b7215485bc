import { Query } from '@nestjs/cqrs';
import type { TranscriptMessage } from '@agent-ledger/projections';
import type { SessionRef } from '../../access/session-ref';

/** One transcript entry, whole (a UI expands a stub with it). */
export class GetTranscriptEntryQuery extends Query<TranscriptMessage> {
  constructor(
    readonly session: SessionRef,
    readonly messageId: string,
    readonly minPosition: number | undefined,
  ) {
    super();
  }
}
