import { KeyRegistry } from '@agent-ledger/access';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CLOCK, EVENT_STORE, SERVER_CONFIG } from '../tokens';
import { AccessController } from './access.controller';
import { KeyFollower } from './key-follower';
import { openKeyRegistry } from './open-key-registry';
import { ScopeGuard } from './scope.guard';

/**
 * API keys: the keys kept in the event store (`KeyRegistry` over the access stream, followed by
 * `KeyFollower`), the scope guard on every route, `/v1/whoami` and `/v1/keys`.
 */
@Global()
@Module({
  controllers: [AccessController],
  providers: [
    {
      provide: KeyRegistry,
      inject: [EVENT_STORE, SERVER_CONFIG, CLOCK],
      useFactory: openKeyRegistry,
    },
    KeyFollower,
    { provide: APP_GUARD, useClass: ScopeGuard },
  ],
  exports: [KeyRegistry],
})
export class AccessModule {}
