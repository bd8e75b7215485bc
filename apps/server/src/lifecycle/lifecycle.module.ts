import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SessionLifecycleController } from './session-lifecycle.controller';

/** Forks, rewinds and a session's summary: the write side's runner with the model context and the session list. */
@Module({
  imports: [SessionsModule, QueriesModule],
  controllers: [SessionLifecycleController],
})
export class LifecycleModule {}
