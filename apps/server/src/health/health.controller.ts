import type { HealthResponse } from '@agent-ledger/client';
import type { EventStore } from '@agent-ledger/event-store';
import type { LiveProjections } from '@agent-ledger/read-models';
import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ServerConfig } from '@agent-ledger/config';
import { schemaRef } from '../docs/response-schemas';
import { checkEventStore } from '../event-store/check-event-store';
import { LIVE_PROJECTIONS } from '../queries/read-models/read-model.tokens';
import { EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { storageHealth } from './storage-health';

/** How long `GET /health` waits for the event store before answering 503. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/** `GET /health`: the server answers and its event store works. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(LIVE_PROJECTIONS) private readonly projections: LiveProjections,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Liveness, the event store's connectivity (it reads the head of $all, waiting at most 2 s), the disk under DATA_DIR (status degraded, still 200, when it is low or a write was refused for a full disk), and how far the read models are behind the log",
  })
  @ApiOkResponse({
    description: 'The store answered.',
    schema: {
      ...schemaRef('HealthResponse'),
      example: {
        status: 'ok',
        store: { kind: 'eventstoredb', headPosition: 4242 },
        storage: { status: 'ok', freeBytes: 52_428_800_000 },
        readModels: { position: 4242, behind: 0 },
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description: 'StoreUnavailable: the store failed or did not answer in time.',
    schema: {
      example: {
        statusCode: 503,
        code: 'StoreUnavailable',
        message: 'The eventstoredb event store did not answer: no answer within 2000 ms.',
        status: 'unavailable',
        store: { kind: 'eventstoredb' },
      },
    },
  })
  async check(): Promise<HealthResponse> {
    const health = await checkEventStore(
      this.store,
      this.config.eventStore,
      HEALTH_CHECK_TIMEOUT_MS,
    );
    if (health.status === 'ok') {
      const storage = storageHealth(this.config.dataDir);
      const position = this.projections.position;
      const head = health.store.headPosition;
      const behind = position === null || head === null ? null : Math.max(0, head - position);
      const { found, repaired, unrepaired } = this.projections.damage;
      const damage =
        found === 0 ? {} : { damage: { found, repaired, unrepaired: unrepaired.length } };
      const status = unrepaired.length > 0 ? 'degraded' : storage.status;
      return { ...health, status, storage, readModels: { position, behind, ...damage } };
    }
    throw new ServiceUnavailableException({
      code: 'StoreUnavailable',
      message: `The ${health.store.kind} event store did not answer: ${health.reason}.`,
      status: health.status,
      store: health.store,
    });
  }
}
