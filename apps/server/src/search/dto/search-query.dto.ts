import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDateString,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { MinPositionQueryDto } from '../../queries/dto/min-position-query.dto';
import { BooleanQuery, IntegerQuery } from '../../queries/dto/query-transforms';

/** `GET /v1/search` and `GET /v1/sessions/:sessionId/search` query. */
export class SearchQueryDto extends MinPositionQueryDto {
  @ApiProperty({
    description:
      'The query: words, prefix*, "phrases", AND (implied), OR, NOT or -word, parentheses; filters kind:, role:, tool:, agent:, session:, from:, to: (see docs/search.md).',
    example: 'tool:Read "src/auth.ts"',
  })
  @IsString()
  @Length(1, 2000)
  q!: string;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  @ApiPropertyOptional({ description: 'Hits per page, 1–200.', default: 20 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({
    description: 'Only messages created at or after this instant (ISO-8601).',
  })
  @IsOptional()
  @IsDateString()
  from?: string;

  @ApiPropertyOptional({ description: 'Only messages created before this instant (ISO-8601).' })
  @IsOptional()
  @IsDateString()
  to?: string;

  @ApiPropertyOptional({
    description:
      'Match and show the text as recorded (needs the audit scope). Default false: the query matches the text as the views redact it (EXPORT_REDACTION rules) and secrets in snippets are [REDACTED].',
    default: false,
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  raw?: boolean;
}
