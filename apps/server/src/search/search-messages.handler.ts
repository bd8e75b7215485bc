import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  SearchReader,
  SessionListReader,
  SessionNotFoundError,
  exportRedaction,
} from '@agent-ledger/read-models';
import type { ReadModelConfig } from '../queries/read-models/read-model-config';
import { READ_MODEL_CONFIG } from '../queries/read-models/read-model.tokens';
import { ReadYourWrites } from '../queries/read-models/read-your-writes';
import { SearchMessagesQuery, type SearchResponse } from './search-messages.query';

/**
 * Runs a search on the search view. Snippets are redacted by the export's rules (the server's
 * EXPORT_REDACTION settings) unless the request asks for `raw`.
 */
@QueryHandler(SearchMessagesQuery)
export class SearchMessagesHandler implements IQueryHandler<SearchMessagesQuery> {
  private readonly redact: ((text: string) => string) | undefined;

  constructor(
    private readonly search: SearchReader,
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(READ_MODEL_CONFIG) config: ReadModelConfig,
  ) {
    const redaction = exportRedaction(config.exportPolicy).redact;
    this.redact = typeof redaction === 'function' ? redaction : undefined;
  }

  async execute({ options, sessionId }: SearchMessagesQuery): Promise<SearchResponse> {
    await this.readYourWrites.reach(options.minPosition);
    if (sessionId !== undefined && this.sessions.session(sessionId) === undefined) {
      throw new SessionNotFoundError(sessionId);
    }
    const redact = options.raw === true ? undefined : this.redact;
    const page = this.search.search({
      query: options.q,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.from === undefined ? {} : { from: options.from }),
      ...(options.to === undefined ? {} : { to: options.to }),
      ...(redact === undefined ? {} : { redact }),
    });
    return { results: page.results, nextCursor: page.nextCursor ?? null };
  }
}
