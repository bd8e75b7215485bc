import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReadModelConfig } from '@agent-ledger/config';
import { SessionListReader, SessionViewsReader } from '@agent-ledger/read-models';
import { READ_MODEL_CONFIG } from '../read-models/read-model.tokens';
import { ReadYourWrites } from '../read-models/read-your-writes';
import { RepairingReads } from '../read-models/repairing-reads';
import { GetTranscriptQuery, type TranscriptPageResponse } from './get-transcript.query';
import { requireSession } from './require-session';

@QueryHandler(GetTranscriptQuery)
export class GetTranscriptHandler implements IQueryHandler<GetTranscriptQuery> {
  constructor(
    private readonly sessions: SessionListReader,
    private readonly views: SessionViewsReader,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(READ_MODEL_CONFIG) private readonly config: ReadModelConfig,
    private readonly repairing: RepairingReads,
  ) {}

  async execute({ session, options }: GetTranscriptQuery): Promise<TranscriptPageResponse> {
    await this.readYourWrites.reach(options.minPosition);
    return this.repairing.read(() => {
      // Synchronous from here: no batch of the runner can commit between the two reads.
      const { revision } = requireSession(this.sessions, session);
      const page = this.views.transcriptPage(session.key, {
        ...(options.cursor === undefined ? {} : { afterSeq: Number(options.cursor) }),
        limit: options.limit ?? 100,
        maxBytes: this.config.maxPageBytes,
      });
      return {
        sessionId: session.sessionId,
        revision,
        entries: page.entries.map((entry) =>
          entry.rewound === true ? { ...entry.message, rewound: true } : entry.message,
        ),
        nextCursor: page.nextSeq === undefined ? null : String(page.nextSeq),
      };
    });
  }
}
