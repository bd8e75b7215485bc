import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsNumber, IsString, Min } from 'class-validator';

/** `cost` of `POST …/ai-sdk-steps`: what the call cost, as the runtime knows it. */
export class ModelCallCostDto {
  @ApiProperty({ description: 'The amount, ≥ 0.', minimum: 0, example: 0.0042 })
  @IsNumber()
  @Min(0)
  amount!: number;

  @ApiProperty({ description: 'An ISO 4217 code.', example: 'USD' })
  @IsString()
  @IsNotEmpty()
  currency!: string;
}
