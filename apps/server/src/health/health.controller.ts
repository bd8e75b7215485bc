import type { EventStore } from '@agent-ledger/event-store';
import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ServerConfig } from '../config';
import { EVENT_STORE, SERVER_CONFIG } from '../tokens';

/** `GET /health`: the server answers and its event store works. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Liveness, and the event store's connectivity (it reads the head of $all)",
  })
  @ApiOkResponse({
    description: 'The store answered.',
    schema: { example: { status: 'ok', store: { kind: 'sqlite', headPosition: 42 } } },
  })
  @ApiServiceUnavailableResponse({ description: 'StoreUnavailable: the store did not answer.' })
  async check(): Promise<{ status: 'ok'; store: { kind: string; headPosition: number | null } }> {
    try {
      const headPosition = await this.store.headPosition();
      return { status: 'ok', store: { kind: this.config.eventStore, headPosition } };
    } catch (error) {
      throw new ServiceUnavailableException({
        code: 'StoreUnavailable',
        message: `The ${this.config.eventStore} event store did not answer: ${error instanceof Error ? error.message : String(error)}`,
        status: 'unavailable',
      });
    }
  }
}
