import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { startServer, type RunningServer } from '../testing/start-server';
import { call, createKey, readStreamFor, userMessage } from './tenancy-fixture';

const TENANTS = ['acme', 'globex', 'default'] as const;
type Tenant = (typeof TENANTS)[number];

/** One append of a generated workload: a tenant writes a message holding its own token. */
interface Write {
  tenant: Tenant;
  session: number;
  pruneFirst: boolean;
}

const workload = fc.array(
  fc.record({
    tenant: fc.constantFrom(...TENANTS),
    // Few session ids, so tenants keep writing to sessions of the same id.
    session: fc.integer({ min: 0, max: 2 }),
    pruneFirst: fc.boolean(),
  }),
  { minLength: 3, maxLength: 12 },
);

describe('tenancy over generated multi-tenant workloads', () => {
  let server: RunningServer;
  const keyOf: Record<string, string> = {};

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-tenants-'));
    for (const tenant of TENANTS) {
      keyOf[tenant] = await createKey(dataDir, tenant, ['read', 'write', 'audit']);
    }
    server = await startServer({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('no route and no live stream ever shows one tenant what another wrote', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(workload, async (writes: Write[]) => {
        run += 1;
        const tokens: Record<Tenant, string[]> = { acme: [], globex: [], default: [] };
        let position = 0;
        const sessionId = (session: number) => `r${run}-s${session}`;
        for (const [index, write] of writes.entries()) {
          // A word the search view indexes whole, unique to this write.
          const token = `zq${write.tenant.slice(0, 3)}${run}x${index}`;
          tokens[write.tenant].push(token);
          const id = sessionId(write.session);
          const key = keyOf[write.tenant] ?? '';
          const messages = [
            userMessage(id, `u${index}`, `please look at ${token}`),
            {
              id: `c${index}`,
              sessionId: id,
              role: 'assistant',
              kind: 'tool_call',
              createdAt: '2026-01-01T00:00:01.000Z',
              content: [
                {
                  type: 'tool-call',
                  toolCallId: `t${index}`,
                  toolName: 'Read',
                  input: { path: `${token}.ts` },
                },
              ],
            },
            {
              id: `r${index}`,
              sessionId: id,
              role: 'tool',
              kind: 'tool_result',
              createdAt: '2026-01-01T00:00:02.000Z',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: `t${index}`,
                  toolName: 'Read',
                  output: { type: 'text', value: `contents of ${token}` },
                },
              ],
            },
          ];
          const appended = await call(`${server.url}/v1/sessions/${id}/messages`, {
            key,
            body: { messages },
          });
          expect(appended.status).toBe(200);
          position = Math.max(
            position,
            (JSON.parse(appended.text) as { position: number }).position,
          );
          if (write.pruneFirst) {
            const pruned = await call(`${server.url}/v1/sessions/${id}/prunings`, {
              key,
              body: { messageIds: [`r${index}`] },
            });
            expect(pruned.status).toBe(200);
            position = Math.max(
              position,
              (JSON.parse(pruned.text) as { position: number }).position,
            );
          }
        }
        for (const tenant of TENANTS) {
          const key = keyOf[tenant] ?? '';
          const foreign = TENANTS.filter((other) => other !== tenant).flatMap(
            (other) => tokens[other],
          );
          const seen: string[] = [];
          const read = async (route: string) => {
            const answer = await call(`${server.url}${route}`, { key });
            expect({ route, status: answer.status === 200 || answer.status === 404 }).toEqual({
              route,
              status: true,
            });
            seen.push(answer.text);
          };
          const at = `minPosition=${position}`;
          await read(`/v1/sessions?${at}&limit=200`);
          await read(`/v1/analytics?groupBy=tool&${at}`);
          for (const token of [...tokens[tenant], ...foreign])
            await read(`/v1/search?q=${token}&${at}`);
          for (const session of [0, 1, 2]) {
            const id = sessionId(session);
            for (const view of [
              'transcript',
              'debug',
              'model-context',
              'model-context?format=ai-sdk&provider=anthropic',
              'export',
              'events',
              'analytics',
              'search?q=contents',
            ]) {
              await read(
                `/v1/sessions/${id}/${view}${view.includes('?') ? '&' : '?'}${view.startsWith('model-context') || view === 'events' ? '' : at}`,
              );
            }
            for (const index of writes.keys())
              await read(`/v1/sessions/${id}/transcript/r${index}?${at}`);
          }
          const live = await readStreamFor(
            `${server.url}/v1/sessions/${sessionId(0)}/transcript/stream?afterRevision=-1`,
            key,
            150,
          );
          seen.push(live.text);
          const everything = seen.join('\n');
          expect({ tenant, leaked: foreign.filter((token) => everything.includes(token)) }).toEqual(
            { tenant, leaked: [] },
          );
          expect({
            tenant,
            missing: tokens[tenant].filter((token) => !everything.includes(token)),
          }).toEqual({ tenant, missing: [] });
          // Answers name sessions by their public ids, never by another tenant's key.
          expect(everything).not.toMatch(/"sessionId":"(acme|globex) /);
        }
      }),
      { numRuns: 4 },
    );
  }, 120_000);
});
