import { loadRetentionConfig } from './retention-config';
import { ConfigError } from './server-config';

describe('loadRetentionConfig', () => {
  it('is off by default, running hourly once configured', () => {
    expect(loadRetentionConfig({})).toEqual({
      tenantPolicies: {},
      intervalMs: 3_600_000,
      interval: '1h',
    });
  });

  it('reads the default policy and the per-tenant ones', () => {
    expect(
      loadRetentionConfig({
        RETENTION_MAX_IDLE: '30d',
        RETENTION_INTERVAL: '10m',
        RETENTION_POLICIES: '{"acme": {"maxIdle": "7d", "action": "strip-content"}}',
      }),
    ).toEqual({
      defaultPolicy: { maxIdle: '30d', maxIdleMs: 2_592_000_000, action: 'erase' },
      tenantPolicies: {
        acme: { maxIdle: '7d', maxIdleMs: 604_800_000, action: 'strip-content' },
      },
      intervalMs: 600_000,
      interval: '10m',
    });
  });

  it.each([
    [
      { RETENTION_MAX_IDLE: 'soon' },
      'RETENTION_MAX_IDLE is "soon"; it must be a duration such as 30d, 12h or 2s.',
    ],
    [
      { RETENTION_MAX_IDLE: '1d', RETENTION_ACTION: 'delete' },
      'The retention action is "delete"; it must be erase or strip-content.',
    ],
    [
      { RETENTION_INTERVAL: 'hourly' },
      'RETENTION_INTERVAL is "hourly"; it must be a duration such as 1h, 30m or 10s.',
    ],
    [
      { RETENTION_POLICIES: '{' },
      'RETENTION_POLICIES must be JSON: {"<tenant>": {"maxIdle": "30d", "action": "erase"}}.',
    ],
  ])('refuses %j, saying what it accepts', (env, message) => {
    expect(() => loadRetentionConfig(env)).toThrow(new ConfigError(message));
  });
});
