import { Controller, Get, Param, Query as QueryParams, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresScope } from '../access/requires-scope.decorator';
import { CallerParam } from '../access/caller.decorator';
import type { Caller } from '../access/caller';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchErrorFilter } from './search-error.filter';
import { SearchMessagesQuery, type SearchResponse } from './search-messages.query';

/** Full-text search over every recorded message, what the model no longer sees included. */
@ApiTags('search')
@ApiBadRequestResponse({
  description: 'InvalidSearchQuery (with the column), InvalidSearchCursor, InvalidRequest.',
  type: ErrorResponseDto,
})
@UseFilters(SearchErrorFilter)
@Controller('v1')
export class SearchController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('search')
  @ApiOperation({ summary: 'Search across sessions, ranked (BM25), with snippets and visibility' })
  @RequiresScope('read')
  searchAll(
    @CallerParam() caller: Caller,
    @QueryParams() query: SearchQueryDto,
  ): Promise<SearchResponse> {
    return this.queryBus.execute(new SearchMessagesQuery(caller, query));
  }

  @Get('sessions/:sessionId/search')
  @ApiOperation({ summary: 'Search one session' })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  @RequiresScope('read')
  searchSession(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() query: SearchQueryDto,
  ): Promise<SearchResponse> {
    return this.queryBus.execute(new SearchMessagesQuery(caller, query, sessionId));
  }
}
