import { Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller';
import { CallerParam } from '../access/caller.decorator';
import { RequiresScope } from '../access/requires-scope.decorator';
import { ErrorResponseDto } from '../sessions/dto/error-response.dto';
import { createHistoryMcpServer } from './history-mcp-server';
import { HistoryQueries } from './history-queries';

/** The version the MCP server announces in its `initialize` answer. */
const MCP_SERVER_VERSION = '0.1.0';

/**
 * The history over MCP, Streamable HTTP at `/mcp`, stateless: each POST carries JSON-RPC
 * messages and gets its answer as JSON, served by an MCP server made for the request's caller
 * (its tenant, scopes and redaction), so nothing of one caller outlives its request. Keys and
 * scopes as for `/v1` (`read`); GET (a server-sent stream) and DELETE (a session) have nothing to
 * serve here.
 */
@ApiTags('mcp')
@ApiUnauthorizedResponse({
  description: 'Unauthorized: keys exist and none (or a bad one) was sent.',
  type: ErrorResponseDto,
})
@ApiForbiddenResponse({
  description: 'Forbidden: the key lacks the read scope.',
  type: ErrorResponseDto,
})
@RequiresScope('read')
@Controller('mcp')
export class McpController {
  constructor(private readonly queries: HistoryQueries) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'MCP (Streamable HTTP, stateless): search_history, list_sessions, get_transcript, get_model_context, compaction_dropped, session_analytics',
  })
  @ApiBody({
    description: 'A JSON-RPC 2.0 message (or a batch) of the Model Context Protocol.',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiOkResponse({
    description: 'The JSON-RPC answer.',
    schema: { type: 'object', additionalProperties: true },
  })
  async post(
    @CallerParam() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const server = createHistoryMcpServer(this.queries, caller, MCP_SERVER_VERSION);
    // No session id generator: stateless, every request stands alone.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  // Not a route of the API: a 405 saying where to POST (kept out of the OpenAPI document).
  @Get()
  @ApiExcludeEndpoint()
  get(@Res() reply: FastifyReply): void {
    this.methodNotAllowed(reply, 'GET');
  }

  @Delete()
  @ApiExcludeEndpoint()
  delete(@Res() reply: FastifyReply): void {
    this.methodNotAllowed(reply, 'DELETE');
  }

  private methodNotAllowed(reply: FastifyReply, method: string): void {
    void reply
      .status(405)
      .header('allow', 'POST')
      .send({
        statusCode: 405,
        code: 'MethodNotAllowed',
        message: `${method} /mcp: the MCP endpoint is stateless Streamable HTTP; POST each JSON-RPC message to /mcp (no server-sent stream to GET, no session to DELETE).`,
      });
  }
}
