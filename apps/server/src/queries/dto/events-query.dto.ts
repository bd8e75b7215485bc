import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/events` query: the raw stream, a page of revisions. */
export class EventsQueryDto {
  @ApiPropertyOptional({
    description: 'First revision of the page (inclusive). Default: 0 forwards, the last backwards.',
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  fromRevision?: number;

  @ApiPropertyOptional({ description: 'Events per page, 1–1000.', default: 100 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ enum: ['forwards', 'backwards'], default: 'forwards' })
  @IsOptional()
  @IsIn(['forwards', 'backwards'])
  direction?: 'forwards' | 'backwards';
}
