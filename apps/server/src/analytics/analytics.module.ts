import { Module } from '@nestjs/common';
import { AnalyticsReader, type ReadModelDatabase } from '@agent-ledger/read-models';
import { QueriesModule } from '../queries/queries.module';
import { READ_MODEL_DB } from '../queries/read-models/read-model.tokens';
import { AnalyticsController } from './analytics.controller';
import { GetAnalyticsHandler } from './get-analytics.handler';
import { GetSessionAnalyticsHandler } from './get-session-analytics.handler';

/** The analytics view over HTTP: `GET /v1/analytics` and `GET /v1/sessions/:sessionId/analytics`. */
@Module({
  imports: [QueriesModule],
  controllers: [AnalyticsController],
  providers: [
    {
      provide: AnalyticsReader,
      useFactory: (db: ReadModelDatabase) => new AnalyticsReader(db),
      inject: [READ_MODEL_DB],
    },
    GetAnalyticsHandler,
    GetSessionAnalyticsHandler,
  ],
})
export class AnalyticsModule {}
