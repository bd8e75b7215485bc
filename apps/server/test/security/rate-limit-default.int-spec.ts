import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_RATE_LIMIT_MAX } from '@agent-ledger/config';
import { call, createKey } from '../access/tenancy-fixture';
import { startServer } from '../testing/start-server';

/**
 * A server bound beyond loopback limits requests without being told to (`DEFAULT_RATE_LIMIT_MAX` a
 * minute); the config tests hold the loopback default (off). Traffic goes to 127.0.0.1.
 */

describe('rate limit by default beyond loopback', () => {
  it('answers 429 past DEFAULT_RATE_LIMIT_MAX requests a minute from one key when bound to every interface, with no RATE_LIMIT_MAX set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-rate-'));
    const key = await createKey(dataDir, 'acme', ['read']);
    const server = await startServer({ HOST: '0.0.0.0', DATA_DIR: dataDir });
    try {
      const url = server.url.replace('localhost', '127.0.0.1');
      const total = DEFAULT_RATE_LIMIT_MAX + 2;
      const statuses: number[] = [];
      for (let start = 0; start < total; start += 20) {
        const batch = Array.from({ length: Math.min(20, total - start) }, () =>
          call(`${url}/v1/whoami`, { key }),
        );
        statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_RATE_LIMIT_MAX);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      expect((await call(`${url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
