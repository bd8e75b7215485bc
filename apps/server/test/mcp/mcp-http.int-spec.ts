import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createKey, statusWithin } from '../access/tenancy-fixture';
import { startServer, type RunningServer } from '../testing/start-server';
import { expectEveryTool, recordHistory } from './mcp-history';

/** A real MCP client over Streamable HTTP to the server's `/mcp`, with `key` when given. */
async function connect(url: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

describe('the history over MCP, Streamable HTTP at /mcp', () => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  }, 30_000);

  it('answers every tool on an open server, unredacted (every scope)', async () => {
    server = await startServer();
    await recordHistory(server.url);
    const client = await connect(server.url);
    try {
      await expectEveryTool(client, { redacted: false });
    } finally {
      await client.close();
    }
    const get = await fetch(`${server.url}/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  }, 90_000);

  it('is behind the API keys: 401 without one, redacted views for a read-only key, 403 without read', async () => {
    server = await startServer();
    const writer = await createKey(server.dataDir, 'default', ['read', 'write']);
    const reader = await createKey(server.dataDir, 'default', ['read']);
    const auditor = await createKey(server.dataDir, 'default', ['read', 'audit']);
    const eraser = await createKey(server.dataDir, 'default', ['erase']);
    const otherTenant = await createKey(server.dataDir, 'acme', ['read', 'audit']);
    // The keys are the event store's: the running server follows them within a second.
    expect(await statusWithin(1000, `${server.url}/v1/whoami`, 401)).toBe(401);
    await recordHistory(server.url, { authorization: `Bearer ${writer}` });

    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const post = (key?: string) =>
      fetch(`${server!.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
        },
        body: JSON.stringify(initialize),
      });
    const anonymous = await post();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'Unauthorized' });
    await expect(connect(server.url)).rejects.toThrow();
    const forbidden = await post(eraser);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'Forbidden' });

    const readOnly = await connect(server.url, reader);
    try {
      await expectEveryTool(readOnly, { redacted: true });
    } finally {
      await readOnly.close();
    }
    const audit = await connect(server.url, auditor);
    try {
      await expectEveryTool(audit, { redacted: false });
    } finally {
      await audit.close();
    }
    // Another tenant's key sees none of the default tenant's sessions.
    const acme = await connect(server.url, otherTenant);
    try {
      const listed = await acme.callTool({ name: 'list_sessions', arguments: {} });
      const content = listed.content as Array<{ text: string }>;
      expect(JSON.parse(content[0]?.text ?? '{}')).toMatchObject({ sessions: [] });
      const transcript = await acme.callTool({
        name: 'get_transcript',
        arguments: { sessionId: 'mcp-1' },
      });
      expect(transcript.isError).toBe(true);
    } finally {
      await acme.close();
    }
  }, 120_000);
});
