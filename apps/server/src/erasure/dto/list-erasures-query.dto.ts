import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { IntegerQuery } from '../../queries/dto/query-transforms';

/** `GET /v1/erasures` query: newest first, paginated like the session list. */
export class ListErasuresQueryDto {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @Matches(/^\d+$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ description: 'Receipts per page, 1–500.', default: 50 })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}
