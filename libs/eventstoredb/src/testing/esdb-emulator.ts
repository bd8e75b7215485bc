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
import { grpcErrors, type EmulatorStatus } from './grpc-errors';
import { DEFAULT_MAX_APPEND_SIZE } from './log-record';
import { LogStore } from './log-store';
import { readHandler } from './read-handler';
import { DEFAULT_RECORDS_PER_TURN, type SubscriptionRegistry } from './subscription-handler';

export interface EsdbEmulatorOptions {
  /** Loopback port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Bytes per append, as the server's `MaxAppendSize`; default 1 MiB. */
  maxAppendSize?: number;
  /**
   * Records a subscription's catch-up considers per event-loop turn (default 256). A small
   * number stretches a catch-up over many turns, so that a test can drop it midway.
   */
  recordsPerTurn?: number;
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
  /** How many calls each gRPC method received, by `Service.Method` (e.g. `Streams.BatchAppend`). */
  calls(): Record<string, number>;
  /**
   * Ends every running subscription with `UNAVAILABLE`, as a server restart or a leader change
   * does; returns how many were dropped.
   */
  dropSubscriptions(): number;
  /**
   * Plans a drop: the next subscription to start ends with `UNAVAILABLE` right after it has sent
   * `afterEvents` events, for instance in the middle of its catch-up. Plans queue up.
   */
  planSubscriptionDrop(afterEvents: number): void;
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
  const subscriptions: SubscriptionRegistry = { running: new Set(), plannedDrops: [] };
  const dropped = (): EmulatorStatus =>
    grpcErrors.unavailable('Subscription dropped by the emulator.');
  const recordsPerTurn = options.recordsPerTurn ?? DEFAULT_RECORDS_PER_TURN;
  const calls: Record<string, number> = {};
  const counted =
    <A extends unknown[]>(name: string, handler: (...args: A) => void) =>
    (...args: A): void => {
      calls[name] = (calls[name] ?? 0) + 1;
      handler(...args);
    };
  const server = new Server();
  server.addService(ServerFeaturesService, {
    getSupportedMethods: counted('ServerFeatures.GetSupportedMethods', supportedMethods()),
  });
  server.addService(StreamsService, {
    read: counted('Streams.Read', readHandler(store, subscriptions, recordsPerTurn)),
    append: counted('Streams.Append', appendHandler(store, maxAppendSize)),
    batchAppend: counted('Streams.BatchAppend', batchAppendHandler(store, maxAppendSize)),
    delete: counted('Streams.Delete', deleteHandler(store)),
    tombstone: counted('Streams.Tombstone', tombstoneHandler(store)),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(
      `127.0.0.1:${options.port ?? 0}`,
      ServerCredentials.createInsecure(),
      (error, boundPort) => (error === null ? resolve(boundPort) : reject(error)),
    );
  });
  const dropSubscriptions = (): number => {
    const running = [...subscriptions.running];
    for (const subscription of running) subscription.drop(dropped());
    return running.length;
  };
  return {
    port,
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    store,
    activeSubscriptions: () => subscriptions.running.size,
    calls: () => ({ ...calls }),
    dropSubscriptions,
    planSubscriptionDrop: (afterEvents) => {
      subscriptions.plannedDrops.push({ afterEvents, status: dropped() });
    },
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
