import type { HealthResponse, LiveResponse, ReadyResponse } from '@agent-ledger/client';
import type { EventStore } from '@agent-ledger/event-store';
import type { LiveProjections } from '@agent-ledger/read-models';
import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ReadModelConfig, ServerConfig } from '@agent-ledger/config';
import { schemaRef } from '../docs/response-schemas';
import { checkEventStore } from '../event-store/check-event-store';
import { LIVE_PROJECTIONS, READ_MODEL_CONFIG } from '../queries/read-models/read-model.tokens';
import { EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { RetentionService } from '../erasure/retention.service';
import { readiness } from './readiness';
import { storageHealth } from './storage-health';

/** How long `GET /health` waits for the event store before answering 503. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/**
 * `GET /health` (the store answers; the disk and the read models' lag, said but never a 503),
 * `GET /health/live` (the process answers, no I/O: restart it when this fails) and
 * `GET /health/ready` (send it traffic: the store answers and the read models are within
 * `READY_MAX_LAG` positions of the log). None needs a key.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(READ_MODEL_CONFIG) private readonly readModelConfig: ReadModelConfig,
    @Inject(LIVE_PROJECTIONS) private readonly projections: LiveProjections,
    private readonly retention: RetentionService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Liveness, the event store's connectivity (it reads the head of $all, waiting at most 2 s), the disk under DATA_DIR (status degraded, still 200, when it is low, a write was refused for a full disk, or the server started read-only), and how far the read models are behind the log",
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
  check(): Promise<HealthResponse> {
    return this.health();
  }

  @Get('live')
  @ApiOperation({
    summary:
      'Liveness only: the process answers HTTP. No I/O (neither the store nor the disk is asked), so a slow store or a full disk never makes it fail; a failure means restart the process.',
  })
  @ApiOkResponse({
    description: 'The process answers.',
    schema: { ...schemaRef('LiveResponse'), example: { status: 'live' } },
  })
  live(): LiveResponse {
    return { status: 'live' };
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness to serve: the event store answers within 2 s and the read models are at most READY_MAX_LAG positions behind the log (default 1000). A server started read-only on a full disk is ready (it serves reads; writes answer 507 StorageReadOnly) and says writable: false.',
  })
  @ApiOkResponse({
    description: 'Ready: send it traffic.',
    schema: {
      ...schemaRef('ReadyResponse'),
      example: {
        status: 'ready',
        writable: true,
        store: { kind: 'sqlite', headPosition: 4242 },
        readModels: { position: 4240, behind: 2, maxLag: 1000 },
      },
    },
  })
  @ApiServiceUnavailableResponse({
    description:
      'Not ready: StoreUnavailable (the store failed or did not answer in time) or ReadModelsBehind (a rebuild, or a runner that fell behind; the body says how far).',
    schema: {
      example: {
        statusCode: 503,
        code: 'ReadModelsBehind',
        message:
          'The read models are 148528 positions behind the log (READY_MAX_LAG is 1000): queries would miss recent sessions and messages.',
        status: 'not-ready',
        writable: true,
        store: { kind: 'sqlite', headPosition: 148528 },
        readModels: { position: null, behind: 148528, maxLag: 1000 },
      },
    },
  })
  async ready(): Promise<ReadyResponse> {
    const answer = readiness(await this.health(), this.readModelConfig.readyMaxLag);
    if (answer.status === 'ready') return answer;
    throw new ServiceUnavailableException(answer);
  }

  /** What `GET /health` answers; a store that does not answer is the 503 of both routes. */
  private async health(): Promise<HealthResponse> {
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
      return {
        ...health,
        status,
        storage,
        readModels: { position, behind, ...damage },
        retention: this.retention.schedule,
      };
    }
    throw new ServiceUnavailableException({
      code: 'StoreUnavailable',
      message: `The ${health.store.kind} event store did not answer: ${health.reason}.`,
      status: health.status,
      store: health.store,
    });
  }
}
