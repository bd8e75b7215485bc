import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { HistoryQueries } from './history-queries';
import { McpController } from './mcp.controller';

/** The history over MCP: `/mcp` on the server; `HistoryQueries` for `agent-ledger mcp` too. */
@Module({
  imports: [QueriesModule],
  controllers: [McpController],
  providers: [HistoryQueries],
  exports: [HistoryQueries],
})
export class McpModule {}
