import { createLedgerClient, LedgerError } from '@agent-ledger/client';
import { generate } from './agent-loop.example';
import { codingAgents } from './coding-agents.example';
import { providerClients } from './scenario/provider-clients';
import { createScriptedFetch } from './wire/wire-fetch';
import { workspaceTools } from './workspace-tools';

/** `generate` must not go on once the ledger refused a step (the AI SDK would ignore the error). */
describe('generate', () => {
  it('stops at the first step the ledger refuses, and fails with the ledger’s error', async () => {
    const model = createScriptedFetch();
    const agent = codingAgents(providerClients(model.fetch), workspaceTools([]), 'secret').build;
    model.expect('anthropic', [
      { toolCalls: [{ id: 't1', name: 'Read', input: { file_path: 'src/auth.ts' } }] },
      { text: 'never asked for' },
    ]);
    const paths: string[] = [];
    const ledger = createLedgerClient({
      baseUrl: 'http://ledger.test',
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        paths.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        const body = url.pathname.endsWith('/model-context')
          ? { revision: 3, system: 'Be terse.', messages: [{ role: 'user', content: 'Why?' }] }
          : { statusCode: 422, code: 'DuplicateToolCallId', message: 'no' };
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status: url.pathname.endsWith('/model-context') ? 200 : 422,
          }),
        );
      },
    });
    const refused = generate(ledger.session('s1'), agent);
    await expect(refused).rejects.toBeInstanceOf(LedgerError);
    await expect(refused).rejects.toMatchObject({ code: 'DuplicateToolCallId', status: 422 });
    expect(model.requests).toHaveLength(1);
    expect(model.remaining()).toBe(1);
    expect(paths).toEqual([
      'GET /v1/sessions/s1/model-context',
      'POST /v1/sessions/s1/ai-sdk-steps',
    ]);
  });
});
