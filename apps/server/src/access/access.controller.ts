import { KeyRegistry } from '@agent-ledger/access';
import type { ApiKey, CreatedKey, WhoamiResponse } from '@agent-ledger/client';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { schemaRef } from '../docs/response-schemas';
import { NotFoundError } from './not-found.error';
import type { Caller } from './caller';
import { CallerParam } from './caller.decorator';
import { CreateKeyDto, KeyParamsDto } from './dto/create-key.dto';
import { RequiresScope } from './requires-scope.decorator';

/**
 * Who the caller is (`GET /v1/whoami`, any valid key, so that a UI learns a key's scopes), and the caller's tenant's keys (`admin`):
 * listed without secrets, created (the secret is in that answer only), revoked. The keys are the
 * event store's (`ledger-keys`): what another node or the CLI did is read before each answer.
 */
@ApiTags('access')
@Controller('v1')
export class AccessController {
  constructor(private readonly keys: KeyRegistry) {}

  @Get('whoami')
  @ApiOperation({ summary: 'The caller: tenant, key id and scopes (what a UI may show)' })
  @ApiOkResponse({ schema: schemaRef('WhoamiResponse') })
  @RequiresScope('any')
  whoami(@CallerParam() caller: Caller): WhoamiResponse {
    return {
      auth: caller.auth,
      tenant: caller.tenant,
      keyId: caller.keyId,
      scopes: [...caller.scopes],
    };
  }

  @Get('keys')
  @ApiOperation({ summary: "The tenant's API keys (never their secrets), newest first" })
  @ApiOkResponse({ schema: schemaRef('ApiKeyList') })
  @RequiresScope('admin')
  async list(@CallerParam() caller: Caller): Promise<{ keys: ApiKey[] }> {
    await this.keys.refresh();
    return { keys: this.keys.list(caller.tenant) };
  }

  @Post('keys')
  @HttpCode(200)
  @ApiOkResponse({ schema: schemaRef('CreatedApiKey') })
  @ApiOperation({ summary: 'Create a key of the tenant; its secret is shown in this answer only' })
  @RequiresScope('admin')
  create(@CallerParam() caller: Caller, @Body() body: CreateKeyDto): Promise<CreatedKey> {
    return this.keys.create({
      tenant: caller.tenant,
      scopes: body.scopes,
      ...(body.name === undefined ? {} : { name: body.name }),
    });
  }

  @Delete('keys/:keyId')
  @ApiOperation({ summary: 'Revoke a key of the tenant (at once); revoking twice is a no-op' })
  @ApiOkResponse({ schema: schemaRef('ApiKeyAnswer') })
  @RequiresScope('admin')
  async revoke(
    @CallerParam() caller: Caller,
    @Param() { keyId }: KeyParamsDto,
  ): Promise<{ key: ApiKey }> {
    const key = await this.keys.revoke(keyId, {
      tenant: caller.tenant,
      by: { via: 'http', ...(caller.keyId === null ? {} : { keyId: caller.keyId }) },
    });
    if (key === undefined)
      throw new NotFoundError('KeyNotFound', `No key "${keyId}" in this tenant.`);
    return { key };
  }
}
