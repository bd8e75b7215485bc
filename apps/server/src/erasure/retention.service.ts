import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  loadRetentionConfig,
  parseDuration,
  type RetentionAction,
  type RetentionConfig,
  type RetentionPolicy,
} from '@agent-ledger/config';
import { SessionListReader } from '@agent-ledger/read-models';
import type { ErasureReceipt, SessionErasure } from '@agent-ledger/session-commands';
import { RequestValidationError } from '../http/request-validation.error';
import { CLOCK, SESSION_ERASURE, type Clock } from '../tokens';
import { idleSessions, tenantsWithSessions } from './idle-sessions';

/** What a retention run answers. */
export interface RetentionRunResult {
  maxIdle: string;
  action: RetentionAction;
  dryRun: boolean;
  /** Sessions whose last event is before this time are idle. */
  idleBefore: string;
  /** The sessions erased (dry: that would be). */
  sessionIds: string[];
  /** The receipts of the run (none when dry, or when nothing was idle). */
  erasures: ErasureReceipt[];
}

/** The retention schedule as `/health` shows it. */
export type RetentionSchedule =
  | { schedule: 'off' }
  | {
      schedule: 'on';
      interval: string;
      defaultPolicy?: { maxIdle: string; action: RetentionAction };
      tenantPolicies: Record<string, { maxIdle: string; action: RetentionAction }>;
      lastRunAt?: string;
      lastError?: string;
    };

/**
 * Retention: erases (or strips the content of) the sessions idle for longer than a policy's
 * `maxIdle`, on demand (`POST /v1/retention-runs`, `agent-ledger retention`) and, when configured
 * (`RETENTION_MAX_IDLE`, `RETENTION_POLICIES`), on a schedule. Never silent: each run's erasure
 * leaves a receipt (reason `retention`) and is logged; the schedule is announced at start and in
 * `/health`. The session list finds the candidates; the erasure checks each against the log.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private readonly config: RetentionConfig = loadRetentionConfig(process.env);
  private timer: NodeJS.Timeout | undefined;
  private lastRunAt: string | undefined;
  private lastError: string | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(SESSION_ERASURE) private readonly erasure: SessionErasure,
    private readonly sessions: SessionListReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    const { defaultPolicy, tenantPolicies } = this.config;
    const named = Object.entries(tenantPolicies);
    if (defaultPolicy === undefined && named.length === 0) {
      this.logger.log('Retention schedule: off (RETENTION_MAX_IDLE and RETENTION_POLICIES unset).');
      return;
    }
    const policies = [
      ...(defaultPolicy === undefined ? [] : [`every tenant: ${describePolicy(defaultPolicy)}`]),
      ...named.map(([tenant, policy]) => `tenant "${tenant}": ${describePolicy(policy)}`),
    ];
    this.logger.log(`Retention schedule: every ${this.config.interval}; ${policies.join('; ')}.`);
    this.timer = setInterval(() => void this.scheduledRun(), this.config.intervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** The schedule, for `/health`. */
  get schedule(): RetentionSchedule {
    const { defaultPolicy, tenantPolicies } = this.config;
    if (defaultPolicy === undefined && Object.keys(tenantPolicies).length === 0) {
      return { schedule: 'off' };
    }
    return {
      schedule: 'on',
      interval: this.config.interval,
      ...(defaultPolicy === undefined ? {} : { defaultPolicy: summary(defaultPolicy) }),
      tenantPolicies: Object.fromEntries(
        Object.entries(tenantPolicies).map(([tenant, policy]) => [tenant, summary(policy)]),
      ),
      ...(this.lastRunAt === undefined ? {} : { lastRunAt: this.lastRunAt }),
      ...(this.lastError === undefined ? {} : { lastError: this.lastError }),
    };
  }

  /** One run for `tenant`: the idle sessions, erased (or, dry, only named). */
  async run(
    tenant: string,
    request: { maxIdle: string; action?: RetentionAction; dryRun?: boolean },
  ): Promise<RetentionRunResult> {
    const maxIdleMs = parseDuration(request.maxIdle);
    if (maxIdleMs === undefined) {
      throw new RequestValidationError([
        `maxIdle must be a duration such as 30d, 12h or 2s; it is ${JSON.stringify(request.maxIdle)}`,
      ]);
    }
    const action = request.action ?? 'erase';
    const dryRun = request.dryRun === true;
    const idleBefore = new Date(Date.parse(this.clock()) - maxIdleMs).toISOString();
    const candidates = idleSessions(this.sessions, tenant, idleBefore);
    const base = { maxIdle: request.maxIdle, action, dryRun, idleBefore };
    if (dryRun || candidates.length === 0) {
      return { ...base, sessionIds: dryRun ? candidates : [], erasures: [] };
    }
    const receipt = await this.erasure.eraseSessions({
      tenant,
      sessionIds: candidates,
      action,
      maxIdle: request.maxIdle,
      idleBefore,
    });
    if (receipt !== undefined) {
      this.logger.log(
        `Retention (tenant "${tenant}", idle over ${request.maxIdle}, ${action}): erasure ${receipt.erasureId} took ${receipt.sessionIds.length} session(s).`,
      );
    }
    return {
      ...base,
      sessionIds: receipt?.sessionIds ?? [],
      erasures: receipt === undefined ? [] : [receipt],
    };
  }

  private async scheduledRun(): Promise<void> {
    if (this.running !== undefined) return;
    const run = (async () => {
      for (const tenant of tenantsWithSessions(this.sessions)) {
        const policy = this.config.tenantPolicies[tenant] ?? this.config.defaultPolicy;
        if (policy === undefined) continue;
        await this.run(tenant, { maxIdle: policy.maxIdle, action: policy.action });
      }
    })();
    this.running = run;
    try {
      await run;
      this.lastError = undefined;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      this.logger.error(`Retention run failed: ${this.lastError}`);
    } finally {
      this.lastRunAt = this.clock();
      this.running = undefined;
    }
  }
}

function describePolicy(policy: RetentionPolicy): string {
  return `${policy.action} sessions idle over ${policy.maxIdle}`;
}

function summary(policy: RetentionPolicy): { maxIdle: string; action: RetentionAction } {
  return { maxIdle: policy.maxIdle, action: policy.action };
}
