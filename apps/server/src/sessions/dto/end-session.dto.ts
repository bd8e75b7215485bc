import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { WithExpectedRevisionDto } from './expected-revision.dto';

/** Body of `POST /v1/sessions/:sessionId/end`. */
export class EndSessionDto extends WithExpectedRevisionDto {
  @ApiPropertyOptional({ description: 'Why the session ended.', example: 'task done' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  reason?: string;
}
