import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sessionKeyOf } from '@agent-ledger/events';
import type { SessionErasure } from '@agent-ledger/session-commands';
import { SearchReader, SessionListReader } from '@agent-ledger/read-models';
import { ForbiddenError } from '../access/access-errors';
import { seesRaw } from '../access/caller';
import { sessionRefOf } from '../access/session-ref';
import { ViewRedaction } from '../access/view-redaction';
import { requireSession } from '../queries/handlers/require-session';
import { ReadYourWrites } from '../queries/read-models/read-your-writes';
import { SESSION_ERASURE } from '../tokens';
import { SearchMessagesQuery, type SearchResponse } from './search-messages.query';

/**
 * Runs a search on the search view, over the caller's tenant's sessions only. Unless the request
 * asks for `raw`, which only a key with `audit` may (403 otherwise), the query matches the text as
 * the views redact it (the server's EXPORT_REDACTION settings) and snippets are cut from that
 * text: a redacted secret is never matched, by a prefix, a phrase or a whole word, so no series of
 * searches can spell it out. With `raw`, the query matches and the snippets show the text as
 * recorded.
 */
@QueryHandler(SearchMessagesQuery)
export class SearchMessagesHandler implements IQueryHandler<SearchMessagesQuery> {
  constructor(
    private readonly search: SearchReader,
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly redaction: ViewRedaction,
    @Inject(SESSION_ERASURE) private readonly erasure: Pick<SessionErasure, 'isErasing'>,
  ) {}

  async execute({ caller, options, sessionId }: SearchMessagesQuery): Promise<SearchResponse> {
    if (options.raw === true && !seesRaw(caller)) {
      throw new ForbiddenError('audit', 'Search with raw=true (snippets unredacted)');
    }
    await this.readYourWrites.reach(options.minPosition);
    if (sessionId !== undefined) requireSession(this.sessions, sessionRefOf(caller, sessionId));
    const redact = options.raw === true ? undefined : this.redaction.redactText;
    const page = this.search.search({
      tenant: caller.tenant,
      query: options.q,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      ...(options.from === undefined ? {} : { from: options.from }),
      ...(options.to === undefined ? {} : { to: options.to }),
      ...(redact === undefined ? { index: 'recorded' } : { redact, index: 'redacted' }),
    });
    // A session being erased is found nowhere, even before the read models purged it.
    const results = page.results.filter(
      (result) => !this.erasure.isErasing(sessionKeyOf(caller.tenant, result.sessionId)),
    );
    return { results, nextCursor: page.nextCursor ?? null };
  }
}
