import type { CommandResult } from '@agent-ledger/client';
import { parseRuntimeMessage, parseRuntimeMessages } from '@agent-ledger/events';
import type {
  CompactBoundaryMessage,
  CompactSummaryMessage,
  RuntimeMessage,
} from '@agent-ledger/messages';
import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { SessionWriter } from '@agent-ledger/session-commands';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { RequestValidationError } from '../http/request-validation.error';
import { aiSdkStepFacts } from './ai-sdk-step-facts';
import { CLOCK, type Clock } from '../tokens';
import { AppendMessagesCommand } from './commands/append-messages.command';
import { CompactSessionCommand } from './commands/compact-session.command';
import { EndSessionCommand } from './commands/end-session.command';
import { RecordOverflowRecoveryCommand } from './commands/record-overflow-recovery.command';
import { HandoffSessionCommand } from './commands/handoff-session.command';
import { PruneToolResultsCommand } from './commands/prune-tool-results.command';
import { RecordAiSdkStepCommand } from './commands/record-ai-sdk-step.command';
import { AppendMessagesDto } from './dto/append-messages.dto';
import { CompactSessionDto } from './dto/compact-session.dto';
import { EndSessionDto } from './dto/end-session.dto';
import { RecordOverflowRecoveryDto } from './dto/record-overflow-recovery.dto';
import { ErrorResponseDto } from './dto/error-response.dto';
import { HandoffSessionDto } from './dto/handoff-session.dto';
import { PruneToolResultsDto } from './dto/prune-tool-results.dto';
import { RecordAiSdkStepDto } from './dto/record-ai-sdk-step.dto';
import { SessionCommandResponseDto } from './dto/session-command-response.dto';
import { SessionParamsDto } from './dto/session-params.dto';
import { aiSdkStepFields } from './ai-sdk-step-fields';
import { extractBlobReferences } from './extract-blob-references';
import { parseAiSdkResponseMessages } from './parse-ai-sdk-response-messages';
import { withCreatedAt } from './with-created-at';

/**
 * The write side over HTTP: each route checks its body (the envelope with `class-validator`, the
 * runtime messages with their JSON Schemas), sends one command through the `CommandBus`, and
 * answers `{ sessionId, revision, position }`.
 */
@ApiTags('sessions (commands)')
@ApiBadRequestResponse({ description: 'Malformed body: which field, why.', type: ErrorResponseDto })
@ApiConflictResponse({
  description: 'WrongExpectedRevision: the stream moved on (with expected and actual revision).',
  type: ErrorResponseDto,
})
@ApiUnprocessableEntityResponse({
  description: 'A broken session rule: code, message, messageId and field.',
  type: ErrorResponseDto,
})
@ApiForbiddenResponse({
  description: 'Forbidden: the key lacks the write scope.',
  type: ErrorResponseDto,
})
@RequiresScope('write')
@Controller('v1/sessions/:sessionId')
export class SessionsController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('messages')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Append runtime messages (one turn, atomically); the first append starts the session',
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiPayloadTooLargeResponse({
    description: 'AppendTooLarge: over 1 MiB of events.',
    type: ErrorResponseDto,
  })
  appendMessages(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: AppendMessagesDto,
  ): Promise<CommandResult> {
    const now = this.clock();
    const parsed = parseRuntimeMessages(
      body.messages.map((message) => withCreatedAt(message, now)),
    );
    if (!parsed.ok) throw new RequestValidationError(parsed.errors);
    return this.commandBus.execute(
      new AppendMessagesCommand(
        writerOf(caller),
        sessionId,
        parsed.messages,
        body.expectedRevision,
        body.subjectId,
      ),
    );
  }

  @Post('compactions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a compaction: a compact_boundary and its compact_summary, together',
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  compact(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: CompactSessionDto,
  ): Promise<CommandResult> {
    const now = this.clock();
    const boundary = parseAs('boundary', 'compact_boundary', withCreatedAt(body.boundary, now));
    const summary = parseAs('summary', 'compact_summary', withCreatedAt(body.summary, now));
    const errors = [...boundary.errors, ...summary.errors];
    if (boundary.message === undefined || summary.message === undefined || errors.length > 0) {
      throw new RequestValidationError(errors);
    }
    return this.commandBus.execute(
      new CompactSessionCommand(
        writerOf(caller),
        sessionId,
        boundary.message,
        summary.message,
        body.expectedRevision,
      ),
    );
  }

  @Post('prunings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Prune tool results (by ids, or by a policy): the model sees a stub, storage keeps the original',
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  prune(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: PruneToolResultsDto,
  ): Promise<CommandResult> {
    const { messageIds, policy } = body;
    const selection =
      messageIds !== undefined && policy === undefined
        ? { messageIds }
        : policy !== undefined && messageIds === undefined
          ? { policy: { keepLastUserTurns: policy.keepLastUserTurns, minChars: policy.minChars } }
          : undefined;
    if (selection === undefined) {
      throw new RequestValidationError([
        'body: give either messageIds (the tool results to prune) or policy ({ keepLastUserTurns, minChars }), not both',
      ]);
    }
    return this.commandBus.execute(
      new PruneToolResultsCommand(
        writerOf(caller),
        sessionId,
        selection,
        body.reason,
        body.expectedRevision,
      ),
    );
  }

  @Post('handoffs')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Hand the session to another agent: a handoff_summary and an agent_switch_note',
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  handoff(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: HandoffSessionDto,
  ): Promise<CommandResult> {
    const { expectedRevision, ...handoff } = body;
    return this.commandBus.execute(
      new HandoffSessionCommand(
        writerOf(caller),
        sessionId,
        withoutUndefined(handoff),
        expectedRevision,
      ),
    );
  }

  @Post('ai-sdk-steps')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Record a model step as onStepFinish gives it: the generation's response.messages so far (each recorded once) and the model call (ModelCallRecorded)",
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiPayloadTooLargeResponse({
    description: 'AppendTooLarge: over 1 MiB of events.',
    type: ErrorResponseDto,
  })
  recordAiSdkStep(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: RecordAiSdkStepDto,
  ): Promise<CommandResult> {
    const fields = aiSdkStepFields(body);
    if (!fields.ok) throw new RequestValidationError(fields.errors);
    const uploaded = extractBlobReferences(fields.messages);
    const parsed = parseAiSdkResponseMessages(uploaded.messages);
    const facts = aiSdkStepFacts(body, fields);
    const errors = [
      ...uploaded.errors,
      ...(parsed.ok ? [] : parsed.errors),
      ...(facts.ok ? [] : facts.errors),
    ];
    if (!parsed.ok || !facts.ok || uploaded.errors.length > 0) {
      throw new RequestValidationError(errors);
    }
    return this.commandBus.execute(
      new RecordAiSdkStepCommand(
        writerOf(caller),
        sessionId,
        parsed.messages,
        facts.facts,
        body.expectedRevision,
        body.subjectId,
        uploaded,
      ),
    );
  }

  @Post('end')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session: later commands that would add to it are refused' })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  end(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: EndSessionDto,
  ): Promise<CommandResult> {
    return this.commandBus.execute(
      new EndSessionCommand(writerOf(caller), sessionId, body.reason, body.expectedRevision),
    );
  }

  @Post('overflow-recoveries')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Record that a call refused for its context length was recovered (ContextOverflowRecovered): the provider, each error and the budget used, no content',
  })
  @ApiOkResponse({ type: SessionCommandResponseDto })
  @ApiNotFoundResponse({ description: 'SessionNotFound.', type: ErrorResponseDto })
  recordOverflowRecovery(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: RecordOverflowRecoveryDto,
  ): Promise<CommandResult> {
    const { expectedRevision, recoveryId, provider, call, attempts } = body;
    return this.commandBus.execute(
      new RecordOverflowRecoveryCommand(
        writerOf(caller),
        sessionId,
        {
          recoveryId,
          provider,
          ...(call === undefined ? {} : { call }),
          attempts: attempts.map((attempt) => ({ ...attempt })),
        },
        expectedRevision,
      ),
    );
  }
}

/** The writer of the caller's commands: its tenant, its key (recorded in each event's metadata). */
function writerOf(caller: Caller): SessionWriter {
  return { tenant: caller.tenant, keyId: caller.keyId };
}

type Parsed<M> = { message: M | undefined; errors: string[] };

function parseAs(
  field: 'boundary',
  kind: 'compact_boundary',
  value: unknown,
): Parsed<CompactBoundaryMessage>;
function parseAs(
  field: 'summary',
  kind: 'compact_summary',
  value: unknown,
): Parsed<CompactSummaryMessage>;
function parseAs(
  field: string,
  kind: RuntimeMessage['kind'],
  value: unknown,
): Parsed<RuntimeMessage> {
  const result = parseRuntimeMessage(value);
  if (!result.ok)
    return { message: undefined, errors: result.errors.map((error) => `${field}: ${error}`) };
  if (result.message.kind !== kind) {
    return {
      message: undefined,
      errors: [`${field}.kind: must be "${kind}" (got "${result.message.kind}")`],
    };
  }
  return { message: result.message, errors: [] };
}

/** The object without its `undefined` members (optional DTO fields the client left out). */
function withoutUndefined<T extends object>(
  value: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
