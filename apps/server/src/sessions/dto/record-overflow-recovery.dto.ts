import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

const SHRINKS = ['budget', 'prune', 'compact'] as const;

/** One call refused for its context length, and how the next context was shrunk. */
export class OverflowAttemptDto {
  @ApiProperty({
    description:
      'The error as a stable code: prompt_too_long (Anthropic), context_length_exceeded (OpenAI), input_token_count_exceeded (Google), maximum_context_length (OpenAI-compatible servers such as vLLM).',
    example: 'prompt_too_long',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  errorCode!: string;

  @ApiPropertyOptional({ description: 'The model’s limit, when the error said it.', minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  limitTokens?: number;

  @ApiPropertyOptional({
    description: 'The refused context’s size, when the error said it.',
    minimum: 0,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  requestedTokens?: number;

  @ApiProperty({ description: 'How the next context was made smaller.', enum: SHRINKS })
  @IsIn(SHRINKS)
  shrink!: (typeof SHRINKS)[number];

  @ApiPropertyOptional({
    description: 'The token budget the next context was asked for.',
    minimum: 1,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxInputTokens?: number;
}

/** Body of `POST /v1/sessions/:sessionId/overflow-recoveries`. */
export class RecordOverflowRecoveryDto extends WithExpectedRevisionDto {
  @ApiProperty({
    description: 'Id of the recovery, unique in the session: the same id again writes nothing.',
    example: 'overflow-7f3a',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  recoveryId!: string;

  @ApiProperty({
    description: 'The AI SDK provider id of the model.',
    example: 'anthropic.messages',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  provider!: string;

  @ApiPropertyOptional({
    description: 'Which call overflowed (default: model).',
    enum: ['model', 'summarization'],
  })
  @IsOptional()
  @IsIn(['model', 'summarization'])
  call?: 'model' | 'summarization';

  @ApiProperty({ type: [OverflowAttemptDto], description: 'Each refused call, in order.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OverflowAttemptDto)
  attempts!: OverflowAttemptDto[];
}
