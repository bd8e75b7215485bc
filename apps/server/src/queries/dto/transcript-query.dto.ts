import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { MinPositionQueryDto } from './min-position-query.dto';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/transcript` (and `/debug`) paging. */
export class TranscriptQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({
    description: 'The `nextCursor` of the previous page (absent: from the start).',
  })
  @IsOptional()
  @Matches(/^\d+$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'Entries per page, 1–1000.', default: 100 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
