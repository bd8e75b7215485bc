import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
  Equals,
} from 'class-validator';
import { ProjectionOptionsQueryDto } from './projection-options-query.dto';
import { BooleanQuery, IntegerQuery } from './query-transforms';

/** `GET /v1/sessions/:sessionId/model-context` query. */
export class ModelContextQueryDto extends ProjectionOptionsQueryDto {
  @ApiPropertyOptional({
    enum: ['model', 'ai-sdk', 'ai-sdk-prompt', 'compact', 'compact-prompt'],
    default: 'model',
    description:
      'model: model-view messages; ai-sdk: the AI SDK ModelMessage[]; ai-sdk-prompt: { system, messages } for generateText (no system message inside messages); compact: the compact view (what the next summary should cover); compact-prompt: { system, messages } of a ready-to-send summarization call on the compact view (its text is the compact_summary to record).',
  })
  @IsOptional()
  @IsIn(['model', 'ai-sdk', 'ai-sdk-prompt', 'compact', 'compact-prompt'])
  format?: 'model' | 'ai-sdk' | 'ai-sdk-prompt' | 'compact' | 'compact-prompt';

  @ApiPropertyOptional({
    enum: ['reminders', 'in-place'],
    default: 'reminders',
    description:
      'System text after the start of the conversation: reminders (a user message holding <system-reminder>…</system-reminder>, for every provider, so ai@6 does not warn and ai@7 does not refuse) or in-place (kept as system messages where the provider takes them: OpenAI).',
  })
  @IsOptional()
  @IsIn(['reminders', 'in-place'])
  systemMessages?: 'reminders' | 'in-place';

  @ApiPropertyOptional({
    description:
      'compact and compact-prompt: leave the last N user turns of the window out of what is summarized; the compaction keeps them verbatim. diagnostics.retainFromMessageId names where they start: put it in the boundary as content.retainFromMessageId.',
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(1000)
  keepRecentTurns?: number;

  @ApiPropertyOptional({
    description:
      'compact-prompt only: the summarizer instructions, instead of the default ones (DEFAULT_SUMMARIZATION_INSTRUCTIONS).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 20000)
  instructions?: string;

  @ApiPropertyOptional({ description: 'Compute the context as of this revision (time travel).' })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(0)
  atRevision?: number;

  @ApiPropertyOptional({
    description:
      "The context of the session's model call N (1-based, its recorded ModelCallRecorded events in order): as of the revision the call was made from (its contextRevision, else the revision before the step's first response message), with the call's provider and agent unless given. The answer's modelCall says which call and how its revision was found. Not with atRevision.",
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  call?: number;

  @ValidateIf(
    (query: ModelContextQueryDto) => query.call !== undefined && query.atRevision !== undefined,
  )
  // Fails whenever both are given: no value of this never-sent field equals the marker.
  @Equals('call-or-atRevision', {
    message:
      'call and atRevision cannot be combined: call=N is the context at the revision that call was made from',
  })
  private readonly callOrRevision?: never;

  @ApiPropertyOptional({
    description:
      'Give a call with no result anywhere in the log a synthetic one that says so (a denied call its execution-denied result); calls whose approval is pending or granted stay pending. false: leave every call as recorded.',
    default: true,
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  repairDanglingToolCalls?: boolean;

  @ApiPropertyOptional({
    description:
      "The most input tokens the context may take (for the provider asked: see tokens.method). The seed's rules apply in order until it fits: the oldest tool results outside the recent turns become stubs, in a batch down to 75 % of the budget so that the next calls keep the cached prefix; then long tool results are truncated; the latest turn is never touched. diagnostics.budget says what was done; code CompactionNeeded when only a compaction can meet the budget.",
  })
  @IsOptional()
  @IntegerQuery()
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  maxInputTokens?: number;

  @ApiPropertyOptional({
    description:
      'ai-sdk formats for Anthropic: mark cache breakpoints (providerOptions.anthropic.cacheControl) on the last message and on the end of the previous call. Default: on when maxInputTokens is given.',
  })
  @IsOptional()
  @BooleanQuery()
  @IsBoolean()
  cacheBreakpoints?: boolean;

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
