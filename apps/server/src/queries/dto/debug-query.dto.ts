import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ProjectionOptionsQueryDto } from './projection-options-query.dto';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/debug` query: the model-view options to explain, and paging. */
export class DebugQueryDto extends ProjectionOptionsQueryDto {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @Matches(/^\d+$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'Messages per page, 1–1000.', default: 100 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ description: 'Read-your-writes: see the transcript.' })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  minPosition?: number;
}
