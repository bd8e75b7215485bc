import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MinPositionQueryDto } from './min-position-query.dto';

/** `GET /v1/sessions/:sessionId/export` query. */
export class ExportQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'markdown'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'markdown'])
  format?: 'json' | 'markdown';
}
