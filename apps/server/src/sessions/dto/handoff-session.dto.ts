import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

/** Body of `POST /v1/sessions/:sessionId/handoffs`. */
export class HandoffSessionDto extends WithExpectedRevisionDto {
  @ApiProperty({ description: 'The agent handing over.', example: 'build' })
  @IsString()
  @IsNotEmpty()
  fromAgent!: string;

  @ApiProperty({ description: 'The agent taking over.', example: 'review' })
  @IsString()
  @IsNotEmpty()
  toAgent!: string;

  @ApiProperty({
    description: 'What the next agent should know: recorded as a `handoff_summary` message.',
    example: 'Fixed the token check in src/auth.ts; please review the diff.',
  })
  @IsString()
  @IsNotEmpty()
  summary!: string;

  @ApiPropertyOptional({
    description: 'Why, recorded in the `agent_switch_note`.',
    example: 'review requested',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  reason?: string;

  @ApiPropertyOptional({ description: 'The run the hand-off belongs to.', example: 'run-7' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  runId?: string;

  @ApiPropertyOptional({
    description:
      'Identifies this hand-off; its messages get the ids `<handoffId>:summary` and `<handoffId>:switch`. Default: derived from the body, so a retried request is recognized (and an identical second hand-off too: send a handoffId to tell them apart).',
    example: 'handoff-42',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  handoffId?: string;
}
