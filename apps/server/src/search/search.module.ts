import { Module } from '@nestjs/common';
import { SearchReader, type ReadModelDatabase } from '@agent-ledger/read-models';
import { QueriesModule } from '../queries/queries.module';
import { READ_MODEL_DB } from '../queries/read-models/read-model.tokens';
import { SearchController } from './search.controller';
import { SearchMessagesHandler } from './search-messages.handler';

/** The search view over HTTP: `GET /v1/search` and `GET /v1/sessions/:sessionId/search`. */
@Module({
  imports: [QueriesModule],
  controllers: [SearchController],
  providers: [
    {
      provide: SearchReader,
      useFactory: (db: ReadModelDatabase) => new SearchReader(db),
      inject: [READ_MODEL_DB],
    },
    SearchMessagesHandler,
  ],
})
export class SearchModule {}
