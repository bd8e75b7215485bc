import { Query } from '@nestjs/cqrs';
import type { TranscriptMessage } from '@agent-ledger/projections';

/** One transcript entry, whole (a UI expands a stub with it). */
export class GetTranscriptEntryQuery extends Query<TranscriptMessage> {
  constructor(
    readonly sessionId: string,
    readonly messageId: string,
    readonly minPosition: number | undefined,
  ) {
    super();
  }
}
