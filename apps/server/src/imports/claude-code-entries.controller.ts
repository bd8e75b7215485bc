import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Optional,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import type { BlobStore } from '@agent-ledger/blobs';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { EventStore } from '@agent-ledger/event-store';
import { SessionNotFoundError } from '@agent-ledger/events';
import type { JsonObject } from '@agent-ledger/messages';
import {
  readClaudeCodeEntries,
  type ClaudeCodeEntriesResult,
} from '@agent-ledger/session-commands';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { schemaRef } from '../docs/response-schemas';
import { RequestValidationError } from '../http/request-validation.error';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { BLOB_STORE, EVENT_STORE } from '../tokens';
import {
  ClaudeCodeEntriesQueryDto,
  RecordClaudeCodeEntriesDto,
} from './dto/record-claude-code-entries.dto';
import { RecordClaudeCodeEntriesCommand } from './record-claude-code-entries.command';

/** What `GET /v1/sessions/:sessionId/claude-code-entries` answers. */
export interface ClaudeCodeEntriesAnswer {
  sessionId: string;
  projectKey: string;
  subpath?: string;
  entries: JsonObject[];
  /** The subpaths that kept entries (sub-agents' transcripts), in the order they first did. */
  subpaths: string[];
}

/**
 * `POST/GET /v1/sessions/:sessionId/claude-code-entries`: a Claude Agent SDK session's raw
 * transcript entries, as its `SessionStore` (`@agent-ledger/client/claude-agent-sdk`) mirrors and
 * loads them. Kept in the session's stream and mapped to its runtime messages as they arrive.
 */
@ApiTags('sessions (commands)')
@ApiBadRequestResponse({
  description: 'InvalidRequest: an entry that is not a JSON object with a string `type`.',
  type: ErrorResponseDto,
})
@Controller('v1/sessions/:sessionId/claude-code-entries')
export class ClaudeCodeEntriesController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  @Post()
  @HttpCode(200)
  @RequiresScope('write')
  @ApiOperation({
    summary:
      'Keep Claude Agent SDK transcript entries verbatim (retries by uuid left out) and map them to the session’s runtime messages',
  })
  @ApiOkResponse({
    description:
      '`{ kept, mapping: { sessions: [{ sessionId, parent?, appended, revision, position }], report } }`',
    schema: schemaRef('RecordClaudeCodeEntriesResult'),
  })
  @ApiUnprocessableEntityResponse({
    description: 'A session rule the mapped history breaks.',
    type: ErrorResponseDto,
  })
  record(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: RecordClaudeCodeEntriesDto,
  ): Promise<ClaudeCodeEntriesResult> {
    return this.commandBus.execute(
      new RecordClaudeCodeEntriesCommand(
        { tenant: caller.tenant, keyId: caller.keyId },
        {
          sessionId,
          projectKey: body.projectKey,
          ...(body.subpath === undefined ? {} : { subpath: body.subpath }),
          ...(body.subjectId === undefined ? {} : { subjectId: body.subjectId }),
          entries: entriesOf(body.entries),
        },
      ),
    );
  }

  @Get()
  @RequiresScope('read')
  @ApiOperation({
    summary: 'The kept Claude Agent SDK transcript entries of a session (or of one subpath)',
  })
  @ApiOkResponse({
    description: '`{ sessionId, projectKey, subpath?, entries, subpaths }`',
    schema: schemaRef('ClaudeCodeEntries'),
  })
  @ApiNotFoundResponse({
    description: 'SessionNotFound: no entries were kept for this session (and subpath).',
    type: ErrorResponseDto,
  })
  async read(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Query() { subpath }: ClaudeCodeEntriesQueryDto,
  ): Promise<ClaudeCodeEntriesAnswer> {
    // The strings kept as blobs are read back: the entries are answered as they were posted.
    const { batches, projectKey } = await readClaudeCodeEntries(
      this.store,
      sessionId,
      { tenant: caller.tenant, keyId: caller.keyId },
      this.blobs,
    );
    const chosen = batches.filter((batch) => batch.subpath === subpath);
    if (projectKey === undefined || chosen.length === 0) throw new SessionNotFoundError(sessionId);
    const subpaths = [
      ...new Set(batches.flatMap((batch) => (batch.subpath === undefined ? [] : [batch.subpath]))),
    ];
    return {
      sessionId,
      projectKey,
      ...(subpath === undefined ? {} : { subpath }),
      entries: chosen.flatMap((batch) => batch.entries),
      subpaths,
    };
  }
}

function entriesOf(entries: unknown[]): JsonObject[] {
  const wrong = entries.flatMap((entry, index) =>
    typeof entry === 'object' &&
    entry !== null &&
    !Array.isArray(entry) &&
    typeof (entry as { type?: unknown }).type === 'string'
      ? []
      : [`entries[${index}] must be a JSON object with a string type`],
  );
  if (wrong.length > 0) throw new RequestValidationError(wrong.slice(0, 10));
  return entries as JsonObject[];
}
