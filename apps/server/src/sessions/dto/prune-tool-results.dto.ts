import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

/** Which tool results a policy pruning selects. */
export class PrunePolicyDto {
  @ApiProperty({
    description: 'Tool results recorded during the last N user turns are kept.',
    minimum: 0,
    example: 2,
  })
  @IsInt()
  @Min(0)
  keepLastUserTurns!: number;

  @ApiProperty({
    description: 'Only tool results whose output is longer than this many characters are pruned.',
    minimum: 0,
    example: 2000,
  })
  @IsInt()
  @Min(0)
  minChars!: number;
}

/** Body of `POST /v1/sessions/:sessionId/prunings`: `messageIds` or `policy`, not both. */
export class PruneToolResultsDto extends WithExpectedRevisionDto {
  @ApiPropertyOptional({
    description: 'Ids of `tool_result` messages of the session to prune.',
    type: [String],
    example: ['m4'],
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  messageIds?: string[];

  @ApiPropertyOptional({
    description:
      'Prune the tool results older than the last `keepLastUserTurns` user turns and longer than `minChars` characters, not pruned yet. Selecting none is a success with nothing appended.',
    type: PrunePolicyDto,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PrunePolicyDto)
  policy?: PrunePolicyDto;

  @ApiPropertyOptional({
    description: 'Recorded in the pruning mark.',
    example: 'context budget',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  reason?: string;
}
