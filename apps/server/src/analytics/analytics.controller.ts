import { Controller, Get, Param, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SessionAnalytics } from '@agent-ledger/projections';
import { sessionRefOf } from '../access/session-ref';
import { RequiresScope } from '../access/requires-scope.decorator';
import { CallerParam } from '../access/caller.decorator';
import type { Caller } from '../access/caller';
import { MinPositionQueryDto } from '../queries/dto/min-position-query.dto';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { AnalyticsQueryDto } from './dto/analytics-query.dto';
import { GetAnalyticsQuery, type AnalyticsResponse } from './get-analytics.query';
import { GetSessionAnalyticsQuery } from './get-session-analytics.query';

/** Token, tool and compaction figures, per session and across sessions (docs/analytics.md). */
@ApiTags('analytics')
@Controller('v1')
export class AnalyticsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('analytics')
  @ApiOperation({ summary: 'Figures across sessions, grouped by day, agent, model or tool' })
  @RequiresScope('read')
  groups(
    @CallerParam() caller: Caller,
    @QueryParams() query: AnalyticsQueryDto,
  ): Promise<AnalyticsResponse> {
    return this.queryBus.execute(new GetAnalyticsQuery(caller.tenant, query));
  }

  @Get('sessions/:sessionId/analytics')
  @ApiOperation({
    summary:
      "One session's turns, messages, model calls, tokens, tools, prunings, compactions, hand-offs",
  })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  @RequiresScope('read')
  session(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @QueryParams() { minPosition }: MinPositionQueryDto,
  ): Promise<SessionAnalytics> {
    return this.queryBus.execute(
      new GetSessionAnalyticsQuery(sessionRefOf(caller, sessionId), minPosition),
    );
  }
}
