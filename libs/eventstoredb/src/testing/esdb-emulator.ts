import { Server, ServerCredentials, type handleUnaryCall } from '@grpc/grpc-js';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@eventstore/db-client/generated/serverfeatures_pb';
import type { Empty } from '@eventstore/db-client/generated/shared_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { appendHandler } from './append-handler';
import { batchAppendHandler } from './batch-append-handler';
import { deleteHandler, tombstoneHandler } from './delete-handlers';
import { grpcErrors } from './grpc-errors';
import { DEFAULT_MAX_APPEND_SIZE } from './log-record';
import { LogStore } from './log-store';
import { readHandler } from './read-handler';
import type { SubscriptionRegistry } from './subscription-handler';

export interface EsdbEmulatorOptions {
  /** Loopback port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Bytes per append, as the server's `MaxAppendSize`; default 1 MiB. */
  maxAppendSize?: number;
}

/** A running emulator. */
export interface EsdbEmulator {
  readonly port: number;
  /** `esdb://127.0.0.1:<port>?tls=false`: a single node, so the client does no gossip. */
  readonly connectionString: string;
  /** The in-memory log, for assertions on what was really written. */
  readonly store: LogStore;
  /** How many `$all` subscriptions are running. */
  activeSubscriptions(): number;
  /**
   * Ends every running subscription with `UNAVAILABLE`, as a server restart or a leader change
   * does; returns how many were dropped.
   */
  dropSubscriptions(): number;
  /** Drops the subscriptions and stops the server. */
  close(): Promise<void>;
}

/** The server version the emulator claims: one whose protocol the 6.2.1 client fully uses. */
const SERVER_VERSION = '24.10.0';

/**
 * Starts an in-process gRPC server that speaks the subset of EventStoreDB's protocol that
 * `@eventstore/db-client@6.2.1` uses for streams: server features (advertising `BatchAppend`, so
 * the client appends through it), `Append`, `BatchAppend`, `Read` (streams, `$all`, `$all`
 * subscriptions), `Delete` and `Tombstone`. Test tooling; see docs/eventstoredb.md for what it
 * reproduces and what it does not.
 */
export async function startEsdbEmulator(options: EsdbEmulatorOptions = {}): Promise<EsdbEmulator> {
  const maxAppendSize = options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE;
  const store = new LogStore();
  const subscriptions: SubscriptionRegistry = new Set();
  const server = new Server();
  server.addService(ServerFeaturesService, { getSupportedMethods: supportedMethods() });
  server.addService(StreamsService, {
    read: readHandler(store, subscriptions),
    append: appendHandler(store, maxAppendSize),
    batchAppend: batchAppendHandler(store, maxAppendSize),
    delete: deleteHandler(store),
    tombstone: tombstoneHandler(store),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(
      `127.0.0.1:${options.port ?? 0}`,
      ServerCredentials.createInsecure(),
      (error, boundPort) => (error === null ? resolve(boundPort) : reject(error)),
    );
  });
  const dropSubscriptions = (): number => {
    const running = [...subscriptions];
    for (const subscription of running) {
      subscription.drop(grpcErrors.unavailable('Subscription dropped by the emulator.'));
    }
    return running.length;
  };
  return {
    port,
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    store,
    activeSubscriptions: () => subscriptions.size,
    dropSubscriptions,
    close: async () => {
      dropSubscriptions();
      server.forceShutdown();
      await Promise.resolve();
    },
  };
}

function supportedMethods(): handleUnaryCall<Empty, SupportedMethods> {
  const streams = 'event_store.client.streams.streams';
  const methods = [
    method(streams, 'read', ['position', 'events']),
    method(streams, 'append', []),
    method(streams, 'batchappend', ['deadline_duration']),
    method(streams, 'delete', []),
    method(streams, 'tombstone', []),
    method('event_store.client.server_features.serverfeatures', 'getsupportedmethods', []),
  ];
  const response = new SupportedMethods()
    .setMethodsList(methods)
    .setEventStoreServerVersion(SERVER_VERSION);
  return (_call, callback) => callback(null, response);
}

function method(serviceName: string, methodName: string, features: string[]): SupportedMethod {
  return new SupportedMethod()
    .setServiceName(serviceName)
    .setMethodName(methodName)
    .setFeaturesList(features);
}
