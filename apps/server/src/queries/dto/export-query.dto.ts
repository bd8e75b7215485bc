import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  INTERCHANGE_EXPORT_FORMATS,
  type InterchangeExportFormat,
} from '@agent-ledger/interchange';
import { MinPositionQueryDto } from './min-position-query.dto';

/** How an export carries the blobs its messages refer to. */
export const EXPORT_BLOB_MODES = ['reference', 'include'] as const;
export type ExportBlobMode = (typeof EXPORT_BLOB_MODES)[number];

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

  @ApiPropertyOptional({
    enum: EXPORT_BLOB_MODES,
    default: 'reference',
    description:
      '`reference`: blob parts keep their `{ sha256, size, mediaType, preview }` reference; `include` (`format=jsonl` only): each referenced blob is written into the export before the first message that refers to it, as a `{"type":"blob",…}` line and its bytes in `{"type":"blob-chunk",…}` lines of base64, so that the export imports into another ledger on its own.',
  })
  @IsOptional()
  @IsIn([...EXPORT_BLOB_MODES])
  blobs?: ExportBlobMode;
}
