import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsNumber, IsString, Min } from 'class-validator';

/**
 * `contextTokens` of `POST …/ai-sdk-steps`: the model-context answer's `tokens` for the context
 * the call was sent, kept beside the provider's reported usage.
 */
export class ModelCallContextTokensDto {
  @ApiProperty({
    description: 'The input tokens the ledger counted, ≥ 0.',
    minimum: 0,
    example: 1840,
  })
  @IsNumber()
  @Min(0)
  input!: number;

  @ApiProperty({
    description: 'How they were counted: `tokenizer:o200k_base`, `calibrated` or `estimate`.',
    example: 'calibrated',
  })
  @IsString()
  @IsNotEmpty()
  method!: string;
}
