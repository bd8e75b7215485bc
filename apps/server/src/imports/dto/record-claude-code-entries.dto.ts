import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsOptional, IsString, Length, Matches } from 'class-validator';
import { RawJson } from '../../http/raw-json';
import { WithSubjectIdDto } from '../../sessions/dto/subject-id.dto';

/** Longest `projectKey` accepted: the SDK truncates longer ones to 200 characters and a hash. */
const MAX_PROJECT_KEY_LENGTH = 500;

/** Body of `POST /v1/sessions/:sessionId/claude-code-entries`. */
export class RecordClaudeCodeEntriesDto extends WithSubjectIdDto {
  @ApiProperty({
    description:
      "The Claude Agent SDK's `SessionKey.projectKey` (by default the sanitized working directory).",
    example: '-home-me-repo',
  })
  @IsString()
  @Length(1, MAX_PROJECT_KEY_LENGTH)
  projectKey!: string;

  @ApiPropertyOptional({
    description:
      "The SDK's `SessionKey.subpath` (a sub-agent's transcript, `subagents/agent-<id>`): mapped to the session `<sessionId>.agent-<id>`. Absent for the main transcript.",
    example: 'subagents/agent-a7f3c1',
  })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @Matches(/^[^\s\p{Cc}]+$/u, { message: 'subpath must not contain spaces or control characters' })
  subpath?: string;

  @ApiProperty({
    description:
      'Transcript entries (the lines of Claude Code’s JSONL file), each a JSON object with a string `type`, kept verbatim in this order. An entry whose `uuid` is already kept is a retry and left out; an empty array keeps nothing.',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [
      {
        type: 'user',
        uuid: '5b1e…',
        parentUuid: null,
        message: { role: 'user', content: 'Run the tests' },
      },
    ],
  })
  @IsArray()
  @RawJson()
  entries!: unknown[];
}

/** Query of `GET /v1/sessions/:sessionId/claude-code-entries`. */
export class ClaudeCodeEntriesQueryDto {
  @ApiPropertyOptional({
    description: 'The subpath whose entries to read (a sub-agent’s); absent: the main transcript.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  subpath?: string;
}
