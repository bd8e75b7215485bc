// The history over MCP, offline: records a short session, then an MCP client (the MCP SDK's own)
// calls the ledger's tools over Streamable HTTP at /mcp.
// Run: `node -r ./scripts/ts-register.js examples/mcp/main.ts` (or with LEDGER_URL set).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLedgerClient, type RuntimeMessageInput } from '@agent-ledger/client';
import { startLedger } from '../coding-agent/start-ledger';

async function main(): Promise<void> {
  const ledger = await startLedger();
  try {
    const client = createLedgerClient({ baseUrl: ledger.url });
    const message = (
      id: string,
      kind: RuntimeMessageInput['kind'],
      role: RuntimeMessageInput['role'],
      content: string,
    ): RuntimeMessageInput => ({ id, sessionId: 'login-bug', kind, role, content });
    const { position } = await client.appendMessages('login-bug', {
      messages: [
        message('u1', 'user_input', 'user', 'Why does login fail?'),
        message('a1', 'assistant_text', 'assistant', 'The token check in src/auth.ts is inverted.'),
      ],
    });
    await client.transcriptPage('login-bug', { minPosition: position }); // the read models hold it

    const mcp = new Client({ name: 'example', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${ledger.url}/mcp`)));
    const tools = await mcp.listTools();
    console.log(tools.tools.map((tool) => tool.name).join(', '));
    const hits = await mcp.callTool({ name: 'search_history', arguments: { query: 'token' } });
    console.log((hits.content as Array<{ text: string }>)[0]?.text);
    await mcp.close();
  } finally {
    ledger.stop();
  }
}

void main();
