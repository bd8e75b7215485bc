import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, IsOptional, Min, ValidateNested } from 'class-validator';
import { RawJson } from '../../http/raw-json';

const count = (description: string) => ({ description, minimum: 0, type: Number });

/** `usage.inputTokenDetails` of the AI SDK's `LanguageModelUsage`. */
export class InputTokenDetailsDto {
  @ApiPropertyOptional(count('Non-cached input tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  noCacheTokens?: number;

  @ApiPropertyOptional(count('Cached input tokens read.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  cacheReadTokens?: number;

  @ApiPropertyOptional(count('Cached input tokens written.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  cacheWriteTokens?: number;
}

/** `usage.outputTokenDetails` of the AI SDK's `LanguageModelUsage`. */
export class OutputTokenDetailsDto {
  @ApiPropertyOptional(count('Text tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  textTokens?: number;

  @ApiPropertyOptional(count('Reasoning tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  reasoningTokens?: number;
}

/**
 * The AI SDK's `LanguageModelUsage` (ai@6), as `step.usage` serializes: every count is optional
 * (a provider that does not report one leaves it out) and must be a number ≥ 0.
 */
export class ModelCallUsageDto {
  @ApiPropertyOptional(count('Input (prompt) tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  inputTokens?: number;

  @ApiPropertyOptional({ type: InputTokenDetailsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => InputTokenDetailsDto)
  inputTokenDetails?: InputTokenDetailsDto;

  @ApiPropertyOptional(count('Output (completion) tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  outputTokens?: number;

  @ApiPropertyOptional({ type: OutputTokenDetailsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => OutputTokenDetailsDto)
  outputTokenDetails?: OutputTokenDetailsDto;

  @ApiPropertyOptional(count('Total tokens.'))
  @IsOptional()
  @IsNumber()
  @Min(0)
  totalTokens?: number;

  @ApiPropertyOptional({
    ...count('Deprecated in the AI SDK for `outputTokenDetails.reasoningTokens`; kept when sent.'),
    deprecated: true,
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  reasoningTokens?: number;

  @ApiPropertyOptional({
    ...count('Deprecated in the AI SDK for `inputTokenDetails.cacheReadTokens`; kept when sent.'),
    deprecated: true,
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  cachedInputTokens?: number;

  @ApiPropertyOptional({
    description: 'The usage as the provider reported it (a JSON object), kept as sent.',
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  @RawJson()
  raw?: Record<string, unknown>;
}
