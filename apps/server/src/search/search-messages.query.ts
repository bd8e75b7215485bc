import { Query } from '@nestjs/cqrs';
import type { SearchPage } from '@agent-ledger/read-models';
import type { Caller } from '../access/caller';
import type { SearchQueryDto } from './dto/search-query.dto';

/** `{ results, nextCursor }`: a page of hits, `nextCursor` null on the last page. */
export interface SearchResponse {
  results: SearchPage['results'];
  nextCursor: string | null;
}

/** Search the search view, across sessions or (`sessionId`) in one. */
export class SearchMessagesQuery extends Query<SearchResponse> {
  constructor(
    readonly caller: Caller,
    readonly options: SearchQueryDto,
    readonly sessionId?: string,
  ) {
    super();
  }
}
