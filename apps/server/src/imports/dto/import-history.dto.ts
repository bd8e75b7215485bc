import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IMPORT_FORMATS, type ImportFormat } from '@agent-ledger/interchange';
import { RawJson } from '../../http/raw-json';
import { MAX_SUBJECT_ID_LENGTH } from '../../sessions/dto/subject-id.dto';

/** A sub-agent file of a Claude Code session (`<session>/subagents/agent-<id>.jsonl`). */
export class ImportFileDto {
  @ApiProperty({ example: 'agent-a7f3c1.jsonl' })
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiProperty({ description: 'The file’s JSONL text.' })
  @IsString()
  content!: string;
}

/** Body of `POST /v1/sessions/:sessionId/imports`. */
export class ImportHistoryDto {
  @ApiProperty({ enum: IMPORT_FORMATS, example: 'claude-code' })
  @IsIn([...IMPORT_FORMATS])
  format!: ImportFormat;

  @ApiPropertyOptional({
    description:
      '`claude-code`: the session’s JSONL text (`~/.claude/projects/<project>/<session>.jsonl`); `jsonl`: the text of a `GET …/export?format=jsonl` (with `blobs=reference` or `include`).',
  })
  @ValidateIf((body: ImportHistoryDto) => body.format === 'claude-code' || body.format === 'jsonl')
  @IsString()
  content?: string;

  @ApiPropertyOptional({
    description:
      'The other formats: the parsed JSON (`opencode export` output, `UIMessage[]`, `ModelMessage[]`, OpenAI items, a Conversations items list or a Response).',
  })
  @IsOptional()
  @RawJson()
  data?: unknown;

  @ApiPropertyOptional({
    type: [ImportFileDto],
    description: '`claude-code`: the sub-agent files.',
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ImportFileDto)
  subagents?: ImportFileDto[];

  @ApiPropertyOptional({
    description:
      'Formats without times (AI SDK, OpenAI items): `createdAt` of every message. Default 1970-01-01T00:00:00.000Z.',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  createdAt?: string;

  @ApiPropertyOptional({
    description:
      "The data subject whose content the imported sessions hold (their sub-agents too): recorded by each session's first append, as `subjectId` of `POST /v1/sessions/:sessionId/messages`. Importing into a session of another subject is refused with 409 `SubjectMismatch`.",
    minLength: 1,
    maxLength: MAX_SUBJECT_ID_LENGTH,
    example: 'user-4821',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_SUBJECT_ID_LENGTH)
  subjectId?: string;
}
