import 'reflect-metadata';
import type { Readable, Writable } from 'node:stream';
import { NestFactory } from '@nestjs/core';
import type { LoggerService } from '@nestjs/common';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SCOPES } from '@agent-ledger/access';
import type { ServerConfig } from '@agent-ledger/config';
import { AppModule } from '../app.module';
import type { Caller } from '../access/caller';
import { createHistoryMcpServer } from './history-mcp-server';
import { HistoryQueries } from './history-queries';

/** Where the stdio server reads and writes, and whose sessions it serves. */
export interface StdioHistoryOptions {
  /** The tenant whose sessions the tools see. */
  tenant: string;
  input: Readable;
  output: Writable;
  /** Where the application's log goes: never `output`, which carries the protocol. */
  log: { write(chunk: string): unknown };
  version: string;
}

/**
 * The history over MCP on stdio, for `agent-ledger mcp`: the server's application (its store, read
 * models and projection runner, from the same environment) without HTTP, and the same tools as
 * `/mcp` over its query handlers, for a local caller in `tenant` with every scope (it has the
 * store's files; no key is asked). Resolves when `input` ends, the application closed.
 */
export async function serveHistoryOverStdio(
  config: ServerConfig,
  options: StdioHistoryOptions,
): Promise<void> {
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, undefined, { http: false }),
    {
      logger: stderrLogger(options.log),
    },
  );
  const caller: Caller = {
    auth: 'open',
    tenant: options.tenant,
    keyId: null,
    scopes: new Set(SCOPES),
  };
  const server = createHistoryMcpServer(app.get(HistoryQueries), caller, options.version);
  const ended = new Promise<void>((resolve) => {
    options.input.once('end', resolve);
    options.input.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(options.input, options.output));
  await ended;
  await server.close();
  await app.close();
}

/** Warnings and errors, one line each, on `log`. */
function stderrLogger(log: StdioHistoryOptions['log']): LoggerService {
  const write = (level: string) => (message: unknown, context?: unknown) => {
    log.write(`${level}${typeof context === 'string' ? ` [${context}]` : ''} ${String(message)}\n`);
  };
  return { log: () => {}, warn: write('warn'), error: write('error') };
}
