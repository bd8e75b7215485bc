import { parseDuration } from './parse-duration';
import { ConfigError } from './server-config';

/** What a retention policy does to the sessions idle for longer than `maxIdle`. */
export type RetentionAction = 'erase' | 'strip-content';

/** One tenant's retention policy. */
export interface RetentionPolicy {
  /** As written (`30d`), for receipts and logs. */
  maxIdle: string;
  maxIdleMs: number;
  action: RetentionAction;
}

/** Retention on a schedule; off (`undefined` policies) by default. */
export interface RetentionConfig {
  /** The policy of every tenant without one of its own (`RETENTION_MAX_IDLE`, `RETENTION_ACTION`). */
  defaultPolicy?: RetentionPolicy;
  /** Per-tenant policies (`RETENTION_POLICIES`), which win over the default. */
  tenantPolicies: Readonly<Record<string, RetentionPolicy>>;
  /** How often the schedule runs (`RETENTION_INTERVAL`, default `1h`). */
  intervalMs: number;
  /** As written, for the log and `/health`. */
  interval: string;
}

/**
 * Reads the retention schedule from the environment:
 * - `RETENTION_MAX_IDLE` (`30d`, `12h`, `2s`, …): sessions idle for longer are erased on schedule,
 *   in every tenant; unset (the default): no schedule (runs on demand only).
 * - `RETENTION_ACTION`: `erase` (default) or `strip-content`.
 * - `RETENTION_POLICIES`: per-tenant policies as JSON, `{"acme": {"maxIdle": "7d", "action":
 *   "strip-content"}}`; a tenant named there follows its own.
 * - `RETENTION_INTERVAL`: how often the schedule runs, default `1h`.
 */
export function loadRetentionConfig(env: Record<string, string | undefined>): RetentionConfig {
  const interval = env['RETENTION_INTERVAL'] ?? '1h';
  const intervalMs = parseDuration(interval);
  if (intervalMs === undefined) {
    throw new ConfigError(
      `RETENTION_INTERVAL is ${JSON.stringify(interval)}; it must be a duration such as 1h, 30m or 10s.`,
    );
  }
  const maxIdle = env['RETENTION_MAX_IDLE'];
  const defaultPolicy =
    maxIdle === undefined || maxIdle === ''
      ? undefined
      : policyOf('RETENTION_MAX_IDLE', maxIdle, env['RETENTION_ACTION'] ?? 'erase');
  const tenantPolicies: Record<string, RetentionPolicy> = {};
  const raw = env['RETENTION_POLICIES'];
  if (raw !== undefined && raw !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ConfigError(
        'RETENTION_POLICIES must be JSON: {"<tenant>": {"maxIdle": "30d", "action": "erase"}}.',
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(
        'RETENTION_POLICIES must be a JSON object of tenants: {"<tenant>": {"maxIdle": "30d"}}.',
      );
    }
    for (const [tenant, policy] of Object.entries(parsed)) {
      if (typeof policy !== 'object' || policy === null) {
        throw new ConfigError(
          `RETENTION_POLICIES.${tenant} must be {"maxIdle": "30d", "action"?}.`,
        );
      }
      const fields = policy as Record<string, unknown>;
      tenantPolicies[tenant] = policyOf(
        `RETENTION_POLICIES.${tenant}.maxIdle`,
        typeof fields['maxIdle'] === 'string' ? fields['maxIdle'] : '',
        typeof fields['action'] === 'string' ? fields['action'] : 'erase',
      );
    }
  }
  return {
    ...(defaultPolicy === undefined ? {} : { defaultPolicy }),
    tenantPolicies,
    intervalMs,
    interval,
  };
}

function policyOf(name: string, maxIdle: string, action: string): RetentionPolicy {
  const maxIdleMs = parseDuration(maxIdle);
  if (maxIdleMs === undefined) {
    throw new ConfigError(
      `${name} is ${JSON.stringify(maxIdle)}; it must be a duration such as 30d, 12h or 2s.`,
    );
  }
  if (action !== 'erase' && action !== 'strip-content') {
    throw new ConfigError(
      `The retention action is ${JSON.stringify(action)}; it must be erase or strip-content.`,
    );
  }
  return { maxIdle, maxIdleMs, action };
}
