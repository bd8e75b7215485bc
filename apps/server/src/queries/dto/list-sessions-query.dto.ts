import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MinPositionQueryDto } from './min-position-query.dto';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions` query. */
export class ListSessionsQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @Matches(/^\d+$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'Sessions per page, 1–500.', default: 50 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}
