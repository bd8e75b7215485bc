import { Readable, Writable } from 'node:stream';
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { loadServerConfig, sqliteEventStorePath } from '@agent-ledger/config';
import { CliError } from '../cli-error';
import type { CliIo } from '../cli-io';

type StdioModule = typeof import('../../../server/src/mcp/serve-history-over-stdio.js');

interface McpFlags {
  tenant: string;
}

/**
 * `mcp`: the history over MCP on stdin and stdout, for an MCP client that starts it (Claude
 * Desktop, Claude Code, an agent). It is the server's own MCP tools over the server's own query
 * handlers (the one place the CLI runs the server's application: the tools must answer exactly
 * what `/mcp` answers), loaded only by this command.
 */
export function mcpCommand(io: CliIo): Command {
  return new Command('mcp')
    .description(
      'Serve the history over MCP on stdin/stdout (tools: search_history, list_sessions, get_transcript, get_model_context, compaction_dropped, session_analytics), on the store the environment names (DATA_DIR, EVENT_STORE…), as a local caller with every scope (docs/integrations/mcp.md).',
    )
    .option('--tenant <tenant>', 'the tenant whose sessions the tools see', 'default')
    .action(async (flags: McpFlags) => {
      const { stdin, stdout } = io;
      if (!(stdin instanceof Readable) || !(stdout instanceof Writable)) {
        throw new CliError(
          'mcp speaks on stdin and stdout: run it as a process an MCP client starts.',
        );
      }
      const config = loadServerConfig(io.env ?? process.env);
      // As every command: an embedded store that does not exist is named, not created.
      if (config.eventStore === 'sqlite' && !existsSync(sqliteEventStorePath(config))) {
        throw new CliError(
          `No event store at ${sqliteEventStorePath(config)}: set DATA_DIR to the folder the server writes to (DATA_DIR is ${config.dataDir}).`,
        );
      }
      // Loaded here only (a require, not an import): the other commands do not pay for NestJS.
      const { serveHistoryOverStdio } =
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require('../../../server/src/mcp/serve-history-over-stdio') as StdioModule;
      await serveHistoryOverStdio(config, {
        tenant: flags.tenant,
        input: stdin,
        output: stdout,
        log: io.stderr,
        version: '0.1.0',
      });
    });
}
