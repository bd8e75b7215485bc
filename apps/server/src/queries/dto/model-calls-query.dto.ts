import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MinPositionQueryDto } from './min-position-query.dto';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/model-calls` paging. */
export class ModelCallsQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({
    description: 'The `nextCursor` of the previous page (absent: from the first call).',
  })
  @IsOptional()
  @Matches(/^\d+-\d+$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'Calls per page, 1–1000.', default: 100 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
