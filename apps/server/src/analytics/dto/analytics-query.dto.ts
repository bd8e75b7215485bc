import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsIn, IsOptional } from 'class-validator';
import { MinPositionQueryDto } from '../../queries/dto/min-position-query.dto';

/** `GET /v1/analytics` query. */
export class AnalyticsQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({ enum: ['day', 'agent', 'model', 'tool'], default: 'day' })
  @IsOptional()
  @IsIn(['day', 'agent', 'model', 'tool'])
  groupBy?: 'day' | 'agent' | 'model' | 'tool';

  @ApiPropertyOptional({ description: 'From this instant (ISO-8601), included.' })
  @IsOptional()
  @IsDateString()
  from?: string;

  @ApiPropertyOptional({ description: 'Until this instant (ISO-8601), excluded.' })
  @IsOptional()
  @IsDateString()
  to?: string;
}
