import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TranscriptMessage } from '@agent-ledger/projections';
import {
  MessageNotFoundError,
  SessionListReader,
  SessionViewsReader,
} from '@agent-ledger/read-models';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { GetTranscriptEntryQuery } from './get-transcript-entry.query';
import { requireSession } from './require-session';

@QueryHandler(GetTranscriptEntryQuery)
export class GetTranscriptEntryHandler implements IQueryHandler<GetTranscriptEntryQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute(query: GetTranscriptEntryQuery): Promise<TranscriptMessage> {
    await this.readYourWrites.reach(query.minPosition);
    requireSession(this.sessions, query.session);
    const entry = this.views.transcriptEntry(query.session.key, query.messageId);
    if (entry === undefined) {
      throw new MessageNotFoundError(query.session.sessionId, query.messageId);
    }
    return entry.message;
  }
}
