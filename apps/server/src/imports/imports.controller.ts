import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { ImportHistoryResult } from '@agent-ledger/client';
import type { ImportSource } from '@agent-ledger/interchange';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { schemaRef } from '../docs/response-schemas';
import { RequestValidationError } from '../http/request-validation.error';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { ImportHistoryDto } from './dto/import-history.dto';
import { ImportHistoryCommand, type LedgerJsonlSource } from './import-history.command';

/** `POST /v1/sessions/:sessionId/imports`: bring a history from Claude Code, opencode, the AI SDK or OpenAI. */
@ApiTags('sessions (commands)')
@ApiBadRequestResponse({
  description: 'InvalidRequest: a body or source the importer cannot read.',
  type: ErrorResponseDto,
})
@ApiUnprocessableEntityResponse({
  description: 'A session rule the imported history breaks.',
  type: ErrorResponseDto,
})
@RequiresScope('write')
@Controller('v1/sessions/:sessionId/imports')
export class ImportsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Import a history (claude-code, opencode, ui-messages, model-messages, openai-items, or the ledger’s own jsonl export); importing it again appends nothing',
  })
  @ApiOkResponse({
    description: '`{ sessions: [{ sessionId, parent?, appended, revision, position }], report }`',
    schema: schemaRef('ImportHistoryResult'),
  })
  importHistory(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: ImportHistoryDto,
  ): Promise<ImportHistoryResult> {
    return this.commandBus.execute(
      new ImportHistoryCommand(
        { tenant: caller.tenant, keyId: caller.keyId },
        sessionId,
        sourceOf(body),
        body.createdAt,
        body.subjectId,
      ),
    );
  }
}

function sourceOf(body: ImportHistoryDto): ImportSource | LedgerJsonlSource {
  if (body.format === 'jsonl') return { format: 'jsonl', content: body.content ?? '' };
  if (body.format === 'claude-code') {
    return {
      format: 'claude-code',
      session: { name: 'session.jsonl', text: body.content ?? '' },
      ...(body.subagents === undefined
        ? {}
        : { subagents: body.subagents.map(({ name, content }) => ({ name, text: content })) }),
    };
  }
  if (body.data === undefined)
    throw new RequestValidationError([`data is required for format ${body.format}`]);
  return { format: body.format, data: body.data };
}
