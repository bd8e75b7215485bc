import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { DURATION_PATTERN } from '@agent-ledger/config';

/** Body of `POST /v1/retention-runs`. */
export class RetentionRunDto {
  @ApiProperty({
    description:
      'Sessions whose last event is older than this are erased: a whole number and a unit, s, m, h, d or w (`30d`, `12h`, `2s`).',
    example: '30d',
  })
  @Matches(DURATION_PATTERN, {
    message:
      'maxIdle must be a duration such as 30d, 12h, 90m or 2s (a whole number and s, m, h, d or w)',
  })
  maxIdle!: string;

  @ApiPropertyOptional({
    description:
      '`erase` (default): the sessions go from every view, as `DELETE /v1/sessions/:sessionId`. `strip-content`: their content goes exactly as in an erasure, and the session list keeps them, marked `contentErased`, with their structure (counts, times, agents, tokens).',
    enum: ['erase', 'strip-content'],
    default: 'erase',
  })
  @IsOptional()
  @IsIn(['erase', 'strip-content'])
  action?: 'erase' | 'strip-content';

  @ApiPropertyOptional({
    description: 'Only say which sessions would go; erase nothing and leave no receipt.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  dryRun?: boolean;
}
