import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ErasureReceipt, SessionErasure } from '@agent-ledger/session-commands';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { schemaRef } from '../docs/response-schemas';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { SessionParamsDto } from '../sessions/dto/session-params.dto';
import { SESSION_ERASURE } from '../tokens';
import { CreateErasureDto } from './dto/create-erasure.dto';
import { ListErasuresQueryDto } from './dto/list-erasures-query.dto';
import { RetentionRunDto } from './dto/retention-run.dto';
import { ServesErasingSession } from './erasing-session.guard';
import { RetentionService, type RetentionRunResult } from './retention.service';

/** An erasure receipt as a caller of its tenant sees it. */
export type ErasureReceiptResponse = Omit<ErasureReceipt, 'tenant'>;

/** `GET /v1/erasures`: receipts newest first. */
export interface ErasureReceiptPage {
  erasures: ErasureReceiptResponse[];
  nextCursor: string | null;
}

/**
 * Erasure and retention (scope `erase`, which `admin` implies). Every answer is a receipt: which
 * sessions went, counts per event type, digests of their event ids, who asked and when; never
 * content. An erasure answers once it is done (journal, content keys, streams, read models,
 * caches); asking again answers the same receipt.
 */
@ApiTags('erasures')
@ApiServiceUnavailableResponse({
  description:
    'ErasureIncomplete: the erasure is journaled (its sessions answer 404 from then on) but a step failed; ask again, or it is finished at the next start.',
  type: ErrorResponseDto,
})
@Controller('v1')
export class ErasuresController {
  constructor(
    @Inject(SESSION_ERASURE) private readonly erasure: SessionErasure,
    private readonly retention: RetentionService,
  ) {}

  @Delete('sessions/:sessionId')
  @HttpCode(200)
  @RequiresScope('erase')
  @ServesErasingSession()
  @ApiOperation({
    summary:
      'Erase a session: its events, read models, search and analytics rows, snapshots and caches go; answers the erasure receipt (the same one when asked again)',
  })
  @ApiOkResponse({ schema: schemaRef('ErasureReceipt') })
  @ApiNotFoundResponse({
    description: 'SessionNotFound: no such session, and no erasure took one.',
    type: ErrorResponseDto,
  })
  async eraseSession(
    @CallerParam() caller: Caller,
    @Param() { sessionId }: SessionParamsDto,
  ): Promise<ErasureReceiptResponse> {
    return response(
      await this.erasure.eraseSession({
        tenant: caller.tenant,
        sessionId,
        requestedBy: requesterOf(caller),
      }),
    );
  }

  @Post('erasures')
  @HttpCode(200)
  @RequiresScope('erase')
  @ApiOperation({
    summary:
      "Erase every session of a data subject (forks included); answers the receipt once done, the subject's last one when nothing of it is left",
  })
  @ApiOkResponse({ schema: schemaRef('ErasureReceipt') })
  async eraseSubject(
    @CallerParam() caller: Caller,
    @Body() body: CreateErasureDto,
  ): Promise<ErasureReceiptResponse> {
    return response(
      await this.erasure.eraseSubject({
        tenant: caller.tenant,
        subjectId: body.subjectId,
        requestedBy: requesterOf(caller),
      }),
    );
  }

  @Get('erasures')
  @RequiresScope('erase')
  @ApiOperation({ summary: "The tenant's erasure receipts, newest first" })
  @ApiOkResponse({ schema: schemaRef('ErasureReceiptPage') })
  async listErasures(
    @CallerParam() caller: Caller,
    @Query() query: ListErasuresQueryDto,
  ): Promise<ErasureReceiptPage> {
    const limit = query.limit ?? 50;
    const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : Number(query.cursor);
    const newestFirst = (await this.erasure.receipts(caller.tenant))
      .filter((receipt) => receipt.requestedPosition < before)
      .reverse();
    const page = newestFirst.slice(0, limit);
    const last = page.at(-1);
    return {
      erasures: page.map(response),
      nextCursor:
        newestFirst.length > limit && last !== undefined ? String(last.requestedPosition) : null,
    };
  }

  @Post('retention-runs')
  @HttpCode(200)
  @RequiresScope('erase')
  @ApiOperation({
    summary:
      'Apply a retention policy to the tenant now: the sessions idle for longer than maxIdle are erased (or their content stripped), with a receipt; dryRun only names them',
  })
  @ApiOkResponse({ schema: schemaRef('RetentionRun') })
  async runRetention(
    @CallerParam() caller: Caller,
    @Body() body: RetentionRunDto,
  ): Promise<Omit<RetentionRunResult, 'erasures'> & { erasures: ErasureReceiptResponse[] }> {
    const result = await this.retention.run(caller.tenant, {
      maxIdle: body.maxIdle,
      ...(body.action === undefined ? {} : { action: body.action }),
      ...(body.dryRun === undefined ? {} : { dryRun: body.dryRun }),
    });
    return { ...result, erasures: result.erasures.map(response) };
  }
}

function requesterOf(caller: Caller): ErasureReceipt['requestedBy'] {
  return { via: 'http', ...(caller.keyId === null ? {} : { keyId: caller.keyId }) };
}

function response(receipt: ErasureReceipt): ErasureReceiptResponse {
  const { tenant: _tenant, ...rest } = receipt;
  return rest;
}
