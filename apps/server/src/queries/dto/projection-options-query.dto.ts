import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { BooleanQuery, IntegerQuery } from './query-transforms';

/** The projection context of the model view, as query parameters (model context and debug). */
export class ProjectionOptionsQueryDto {
  @ApiPropertyOptional({
    description: 'anthropic, openai, google, … (attachments and serializer rules).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  provider?: string;

  @ApiPropertyOptional({ description: 'Model reference, e.g. anthropic/claude-sonnet-4-5.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  modelRef?: string;

  @ApiPropertyOptional({ description: 'Default: the agent of the latest message, else "default".' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  activeAgentName?: string;

  @ApiPropertyOptional({
    description: 'true: all reasoning; false: none; absent: the current turn’s.',
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  includeReasoning?: boolean;

  @ApiPropertyOptional({ description: 'false: every tool result becomes a stub.', default: true })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  includeToolResults?: boolean;

  @ApiPropertyOptional({ description: 'Longest tool output shown in full.', default: 20000 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  toolResultSoftLimitChars?: number;

  @ApiPropertyOptional({ description: 'Start at the latest compact boundary.', default: true })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  applyCompactBoundary?: boolean;

  @ApiPropertyOptional({ description: 'Include runtime reminders.', default: true })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  injectRuntimeReminder?: boolean;

  @ApiPropertyOptional({
    description:
      'System notes recorded before the applied compact boundary stay in the model view (except those tagged until-compaction).',
    default: true,
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  carrySystemNotes?: boolean;

  @ApiPropertyOptional({
    description:
      'Recent user turns whose long tool results are cut to the soft limit, not truncated to the stub.',
    default: 2,
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  @Max(1000)
  recentUserTurns?: number;
}
