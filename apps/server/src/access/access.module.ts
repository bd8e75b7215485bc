import { KeyStore } from '@agent-ledger/access';
import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SERVER_CONFIG } from '../tokens';
import { AccessController } from './access.controller';
import { openKeyStore } from './key-store.provider';
import { ScopeGuard } from './scope.guard';

/** API keys: the key store of the data directory, the scope guard on every route, `/v1/whoami` and `/v1/keys`. */
@Global()
@Module({
  controllers: [AccessController],
  providers: [
    { provide: KeyStore, inject: [SERVER_CONFIG], useFactory: openKeyStore },
    { provide: APP_GUARD, useClass: ScopeGuard },
  ],
  exports: [KeyStore],
})
export class AccessModule implements OnModuleDestroy {
  constructor(@Inject(KeyStore) private readonly keys: KeyStore) {}

  onModuleDestroy(): void {
    this.keys.close();
  }
}
