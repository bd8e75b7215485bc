import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';

/** The optional `expectedRevision` every command body may carry. */
export class WithExpectedRevisionDto {
  @ApiPropertyOptional({
    description:
      'The stream revision the client last saw (-1: the session must not exist yet). The append is refused with 409 if the stream has moved on. Without it, the server appends on top of the revision it decided on. A retry of an already recorded command succeeds whatever it says.',
    minimum: -1,
    example: 5,
  })
  @IsOptional()
  @IsInt()
  @Min(-1)
  expectedRevision?: number;
}
