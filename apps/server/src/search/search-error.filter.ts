import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SearchQuerySyntaxError } from '@agent-ledger/projections';
import { InvalidSearchCursorError } from '@agent-ledger/read-models';

/**
 * 400 for a query the search language cannot read (`InvalidSearchQuery`, with the `column`) or a
 * cursor this server did not give (`InvalidSearchCursor`), in the server's error body shape.
 */
@Catch(SearchQuerySyntaxError, InvalidSearchCursorError)
export class SearchErrorFilter implements ExceptionFilter {
  catch(error: SearchQuerySyntaxError | InvalidSearchCursorError, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(400).send({
      statusCode: 400,
      code: error.code,
      message: error.message,
      ...(error instanceof SearchQuerySyntaxError ? { column: error.column } : {}),
    });
  }
}
