import { splitSessionKey } from '@agent-ledger/events';
import { ModelContextReader } from '@agent-ledger/model-context';
import {
  SessionListReader,
  SessionViewsReader,
  type SessionSummary,
} from '@agent-ledger/read-models';
import {
  forkCarry,
  SessionCommandRunner,
  type RewindResult,
  type SessionWriter,
} from '@agent-ledger/session-commands';
import { SessionRuleError } from '@agent-ledger/sessions';
import { Body, Controller, Get, HttpCode, Inject, Optional, Param, Post } from '@nestjs/common';
import type { BlobStore } from '@agent-ledger/blobs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ForbiddenError } from '../access/access-errors';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { sessionRefOf } from '../access/session-ref';
import { schemaRef } from '../docs/response-schemas';
import { RequestValidationError } from '../http/request-validation.error';
import { ReadYourWrites } from '../queries/read-models/read-your-writes';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { BLOB_STORE } from '../tokens';
import { ForkSessionDto } from './dto/fork-session.dto';
import { referenceCarriedBlobs } from './reference-carried-blobs';
import { RewindSessionDto } from './dto/rewind-session.dto';

/**
 * A session's lifecycle over HTTP: its summary, forks and rewinds. A fork is one atomic append to
 * the new session's stream of what the source's model context at the revision needs; a rewind is
 * one `SessionRewound` event (nothing is deleted).
 */
@ApiTags('sessions (lifecycle)')
@ApiBadRequestResponse({ description: 'Malformed body: which field, why.', type: ErrorResponseDto })
@ApiNotFoundResponse({
  description: 'SessionNotFound, or RevisionNotFound (past the head).',
  type: ErrorResponseDto,
})
@ApiForbiddenResponse({ description: 'Forbidden: the key lacks a scope.', type: ErrorResponseDto })
@Controller('v1/sessions/:sessionId')
export class SessionLifecycleController {
  constructor(
    private readonly runner: SessionCommandRunner,
    private readonly modelContext: ModelContextReader,
    private readonly sessions: SessionListReader,
    private readonly readYourWrites: ReadYourWrites,
    private readonly views: SessionViewsReader,
    @Optional() @Inject(BLOB_STORE) private readonly blobs?: BlobStore,
  ) {}

  @Get()
  @RequiresScope('read')
  @ApiOperation({
    summary: "A session's summary (as in the session list), with forkedFrom for a fork",
  })
  @ApiOkResponse({ schema: schemaRef('SessionSummary') })
  async session(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
  ): Promise<SessionSummary> {
    await this.readYourWrites.reach(undefined);
    return this.summaryOf(caller, sessionId);
  }

  @Post('forks')
  @HttpCode(201)
  @RequiresScope('write')
  @ApiOperation({
    summary:
      "Fork the session at a revision (default: its head) into a new session whose model context at its start is the source's at that revision",
  })
  @ApiCreatedResponse({ schema: schemaRef('SessionSummary') })
  @ApiConflictResponse({
    description: 'SessionExists: the new session id is taken by something other than this fork.',
    type: ErrorResponseDto,
  })
  @ApiPayloadTooLargeResponse({
    description: 'ForkTooLarge: what the fork carries is over one append (1 MiB of events).',
    type: ErrorResponseDto,
  })
  async fork(
    @CallerParam() caller: Caller,
    @Param() { sessionId: sourceSessionId }: SessionParamsDto,
    @Body() body: ForkSessionDto,
  ): Promise<SessionSummary> {
    // Read on the source, write on the new session (the class-level scope is per route here).
    if (!caller.scopes.has('read')) throw new ForbiddenError('read', 'Forking a session');
    const source = sessionRefOf(caller, sourceSessionId);
    const atRevision = await this.forkRevision(source.key, sourceSessionId, body);
    const result = await this.runner.fork(
      {
        sessionId: body.sessionId,
        sourceSessionId,
        ...(atRevision === undefined ? {} : { atRevision }),
      },
      async () => {
        const carry = await forkCarry(this.modelContext, source.key, sourceSessionId, atRevision);
        if (this.blobs !== undefined) {
          await referenceCarriedBlobs(
            this.blobs,
            carry.events,
            sessionRefOf(caller, body.sessionId).key,
          );
        }
        return carry;
      },
      writerOf(caller),
    );
    await this.readYourWrites.reach(result.position);
    return this.summaryOf(caller, body.sessionId);
  }

  @Post('rewinds')
  @HttpCode(201)
  @RequiresScope('write')
  @ApiOperation({
    summary:
      'Rewind the session to a revision (or to a message): an event, not a deletion; the model context is again what it was there',
  })
  @ApiCreatedResponse({ schema: schemaRef('RewindResult') })
  @ApiConflictResponse({
    description:
      'RevisionRewound: the target was undone by an earlier rewind; WrongExpectedRevision.',
    type: ErrorResponseDto,
  })
  @ApiUnprocessableEntityResponse({
    description: 'SessionAlreadyEnded, UnknownMessage.',
    type: ErrorResponseDto,
  })
  rewind(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
    @Body() body: RewindSessionDto,
  ): Promise<RewindResult> {
    const { toRevision, toMessageId } = body;
    const target =
      toRevision !== undefined && toMessageId === undefined
        ? { toRevision }
        : toMessageId !== undefined && toRevision === undefined
          ? { toMessageId }
          : undefined;
    if (target === undefined) {
      throw new RequestValidationError([
        'body: give exactly one of toRevision (a revision on the current line) or toMessageId (a message recorded on it)',
      ]);
    }
    return this.runner.rewind(
      { sessionId, target, ...(body.reason === undefined ? {} : { reason: body.reason }) },
      body.expectedRevision,
      writerOf(caller),
    );
  }

  /** The revision a fork is made at: `atRevision`, that of `atMessageId`, or the head (undefined). */
  private async forkRevision(
    sourceKey: string,
    sourceSessionId: string,
    body: ForkSessionDto,
  ): Promise<number | undefined> {
    const { atRevision, atMessageId } = body;
    if (atMessageId === undefined) return atRevision;
    if (atRevision !== undefined) {
      throw new RequestValidationError([
        'body: give at most one of atRevision (a revision of the source) and atMessageId (a message of it)',
      ]);
    }
    await this.readYourWrites.reach(undefined);
    if (this.sessions.session(sourceKey) === undefined) {
      throw new SessionRuleError('SessionNotFound', `Session "${sourceSessionId}" does not exist.`);
    }
    const revision = this.views.revisionOfMessage(sourceKey, atMessageId);
    if (revision === undefined) {
      throw new SessionRuleError(
        'UnknownMessage',
        `Session "${sourceSessionId}" has no message "${atMessageId}" on its current line; atMessageId takes the id its transcript shows (not one a rewind undid).`,
        { messageId: atMessageId, field: 'atMessageId' },
      );
    }
    return revision;
  }

  private summaryOf(caller: Caller, sessionId: string): SessionSummary {
    const summary = this.sessions.session(sessionRefOf(caller, sessionId).key);
    if (summary === undefined) {
      throw new SessionRuleError(
        'SessionNotFound',
        `Session "${sessionId}" does not exist (or the read models have not seen it yet).`,
      );
    }
    return { ...summary, sessionId: splitSessionKey(summary.sessionId).sessionId };
  }
}

function writerOf(caller: Caller): SessionWriter {
  return { tenant: caller.tenant, keyId: caller.keyId };
}
