import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expectEveryTool, recordHistory } from '../../server/test/mcp/mcp-history';
import { startServer } from '../../server/test/testing/start-server';

const root = path.resolve(__dirname, '..', '..', '..');

describe('agent-ledger mcp: the history over MCP on stdio', () => {
  let dataDir: string | undefined;

  afterAll(() => {
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every tool to a real MCP client that spawns the CLI, on the store the server wrote', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'agent-ledger-mcp-'));
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await recordHistory(server.url);
    } finally {
      await server.stop();
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-r', './scripts/ts-register.js', 'apps/cli/src/main.ts', 'mcp'],
      cwd: root,
      env: { ...(process.env as Record<string, string>), DATA_DIR: dataDir, NO_COLOR: '1' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await expectEveryTool(client, { redacted: false });
    } finally {
      await client.close();
    }
    expect(stderr).toBe('');
  }, 180_000);
});
