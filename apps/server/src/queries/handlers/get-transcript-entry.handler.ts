import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TranscriptMessage } from '@agent-ledger/projections';
import {
  MessageNotFoundError,
  SessionListReader,
  SessionViewsReader,
} from '@agent-ledger/read-models';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { RepairingReads } from '../read-models/repairing-reads';
import { GetTranscriptEntryQuery } from './get-transcript-entry.query';
import { requireSession } from './require-session';

@QueryHandler(GetTranscriptEntryQuery)
export class GetTranscriptEntryHandler implements IQueryHandler<GetTranscriptEntryQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly repairing: RepairingReads,
  ) {}

  async execute(query: GetTranscriptEntryQuery): Promise<TranscriptMessage> {
    await this.readYourWrites.reach(query.minPosition);
    requireSession(this.sessions, query.session);
    const entry = await this.repairing.read(() =>
      this.views.transcriptEntry(query.session.key, query.messageId),
    );
    if (entry === undefined) {
      throw new MessageNotFoundError(query.session.sessionId, query.messageId);
    }
    return entry.rewound === true ? { ...entry.message, rewound: true } : entry.message;
  }
}
