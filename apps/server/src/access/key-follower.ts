import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { KeyRegistry } from '@agent-ledger/access';
import type { ServerConfig } from '@agent-ledger/config';
import { SERVER_CONFIG } from '../tokens';
import { migrateOnce } from './open-key-registry';

/**
 * How often a server reads the access stream for keys created or revoked through another node
 * or the CLI: a revocation anywhere holds here within this (a key id not known yet is looked up
 * at once, on the request that names it).
 */
export const KEYS_REFRESH_MS = 250;

/** Keeps the server's `KeyRegistry` following the access stream (`ledger-keys`). */
@Injectable()
export class KeyFollower implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: KeyRegistry,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      const wasLoaded = this.registry.loaded;
      this.registry.refresh().then(
        // Keys that could not be read at start are migrated once they are.
        () => (wasLoaded ? undefined : migrateOnce(this.registry, this.config)),
        // The store is down: the keys stay as last read; the next tick tries again.
        () => undefined,
      );
    }, KEYS_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
