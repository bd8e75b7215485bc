import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { ProjectionOptionsQueryDto } from './projection-options-query.dto';
import { BooleanQuery, IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/model-context` query. */
export class ModelContextQueryDto extends ProjectionOptionsQueryDto {
  @ApiPropertyOptional({
    enum: ['model', 'ai-sdk', 'ai-sdk-prompt'],
    default: 'model',
    description:
      'model: model-view messages; ai-sdk: the AI SDK ModelMessage[]; ai-sdk-prompt: { system, messages } for generateText.',
  })
  @IsOptional()
  @IsIn(['model', 'ai-sdk', 'ai-sdk-prompt'])
  format?: 'model' | 'ai-sdk' | 'ai-sdk-prompt';

  @ApiPropertyOptional({ description: 'Compute the context as of this revision (time travel).' })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  atRevision?: number;

  @ApiPropertyOptional({
    description: 'Add synthetic results for calls without one.',
    default: true,
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  repairDanglingToolCalls?: boolean;

  @ApiPropertyOptional({
    description:
      'Accepted for symmetry with the other queries; the model context reads the log itself, so it is always fresh.',
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  minPosition?: number;
}
