import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/transcript/stream` query. */
export class TranscriptStreamQueryDto {
  @ApiPropertyOptional({
    description:
      'Send first the entries added or changed after this revision (default: only what comes next). A reconnecting EventSource sends `Last-Event-ID` instead, which wins.',
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(-1)
  afterRevision?: number;
}
