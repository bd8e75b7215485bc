import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  INTERCHANGE_EXPORT_FORMATS,
  type InterchangeExportFormat,
} from '@agent-ledger/interchange';
import { MinPositionQueryDto } from './min-position-query.dto';

/** `GET /v1/sessions/:sessionId/export` query. */
export class ExportQueryDto extends MinPositionQueryDto {
  @ApiPropertyOptional({
    enum: ['json', 'markdown', ...INTERCHANGE_EXPORT_FORMATS],
    default: 'json',
    description:
      '`otel-genai`: per recorded model call, the OpenTelemetry GenAI attributes (input and output messages, system instructions, usage); `ui-messages`: AI SDK `UIMessage[]`; `jsonl`: runtime messages, one a line.',
  })
  @IsOptional()
  @IsIn(['json', 'markdown', ...INTERCHANGE_EXPORT_FORMATS])
  format?: 'json' | 'markdown' | InterchangeExportFormat;
}
