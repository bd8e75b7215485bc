import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { IntegerQuery } from './query-transforms';

/** `?minPosition=`: read-your-writes for queries served from the read models. */
export class MinPositionQueryDto {
  @ApiPropertyOptional({
    description:
      "A `position` a command answered: wait (bounded by READ_MODEL_WAIT_MS, default 5 s) until the read models have processed it; 503 ReadModelBehind if they do not in time; 409 PositionNotReached at once for a position past the store's last one.",
    example: 6,
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  minPosition?: number;
}
