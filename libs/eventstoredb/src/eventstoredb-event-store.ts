import { EventStoreDBClient } from '@eventstore/db-client';
import type {
  AppendOptions,
  AppendResult,
  DeleteOptions,
  EraseStreamResult,
  EventPayloadValidator,
  EventStore,
  EventToAppend,
  ListStreamsInAllOptions,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamInAll,
  StreamMetadata,
  SubscribeToAllOptions,
  Subscription,
} from '@agent-ledger/event-store';
import { appendEvents } from './append-events';
import { deleteStream } from './delete-stream';
import { eraseStream } from './erase-stream';
import { listStreamsInAll } from './list-streams-in-all';
import { mapEventStoreDbError } from './map-eventstoredb-error';
import { readAllEvents } from './read-all-events';
import { readStreamEvents } from './read-stream-events';
import { readStreamRevision } from './read-stream-revision';
import { streamMetadataFromClient } from './stream-metadata-from-client';
import { subscribeToAllWithResume, type SubscriptionLogger } from './subscribe-to-all-with-resume';
import { toAppendResult } from './to-append-result';
import { toClientExpectedRevision } from './to-client-expected-revision';
import { toClientStreamMetadata } from './to-client-stream-metadata';

export interface EventStoreDbEventStoreOptions {
  /** `esdb://host:2113?tls=false`, or a cluster's `esdb://a:2113,b:2113,c:2113?…`. */
  connectionString: string;
  /** Checks each payload before anything is sent; complaints refuse the whole append. */
  validatePayload?: EventPayloadValidator;
  /** Where dropped subscriptions are reported; default `console`. */
  logger?: SubscriptionLogger;
  /** First delay before resubscribing, in milliseconds; doubles per attempt. Default 100. */
  resubscribeInitialDelayMs?: number;
  /** Ceiling of the resubscribe delay, in milliseconds. Default 5000. */
  resubscribeMaxDelayMs?: number;
}

/**
 * The event-store port on EventStoreDB (KurrentDB) through `@eventstore/db-client`. Positions
 * are commit positions; EventStoreDB's own records (`$metadata`, `$streamDeleted`, …) are hidden
 * from `$all` reads and subscriptions; subscriptions resume by themselves after a drop. See
 * docs/eventstoredb.md.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  /** Subscriptions from `'end'` still reading the head: appends wait for them (see `append`). */
  private readonly starting = new Set<Promise<void>>();

  constructor(private readonly options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  /**
   * Appends through the client. An append issued after `subscribeToAll({ fromPosition: 'end' })`
   * returned waits until that subscription has fixed its start, so the subscription sees it.
   */
  async append(
    streamName: string,
    events: EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (this.starting.size > 0) await Promise.all([...this.starting]);
    return appendEvents(this.client, streamName, events, options, this.options.validatePayload);
  }

  readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    return readStreamEvents(this.client, streamName, options);
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    return readAllEvents(this.client, options);
  }

  /**
   * A forward read of `$all` with the filter, keeping each stream's first position: EventStoreDB
   * has no cheaper portable way, so this costs a full read of the matching events (see
   * `listStreamsInAll`).
   */
  listStreamsInAll(options: ListStreamsInAllOptions = {}): Promise<StreamInAll[]> {
    return listStreamsInAll(this.client, options);
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): Subscription {
    const { subscription, started } = subscribeToAllWithResume(this.client, options, {
      logger: this.options.logger ?? console,
      initialDelayMs: this.options.resubscribeInitialDelayMs ?? 100,
      maxDelayMs: this.options.resubscribeMaxDelayMs ?? 5000,
    });
    this.subscriptions.add(subscription);
    if (options.fromPosition === 'end') {
      this.starting.add(started);
      void started.then(() => this.starting.delete(started));
    }
    return {
      [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  deleteStream(streamName: string, options: DeleteOptions = {}): Promise<{ position: number }> {
    return deleteStream(this.client, streamName, options, false);
  }

  tombstoneStream(streamName: string, options: DeleteOptions = {}): Promise<{ position: number }> {
    return deleteStream(this.client, streamName, options, true);
  }

  /** A soft delete at the current revision: the bytes stay until a scavenge (`erase-stream.ts`). */
  eraseStream(streamName: string): Promise<EraseStreamResult> {
    return eraseStream(this.client, streamName);
  }

  async getStreamMetadata(streamName: string): Promise<StreamMetadata> {
    try {
      const result = await this.client.getStreamMetadata(streamName);
      return streamMetadataFromClient(result.metadata);
    } catch (error) {
      throw mapEventStoreDbError(error, { streamName });
    }
  }

  async setStreamMetadata(
    streamName: string,
    metadata: StreamMetadata,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const expectedRevision = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.setStreamMetadata(
        streamName,
        toClientStreamMetadata(metadata),
        { expectedRevision: toClientExpectedRevision(expectedRevision) },
      );
      return await toAppendResult(this.client, `$$${streamName}`, result);
    } catch (error) {
      throw mapEventStoreDbError(error, { streamName, expectedRevision });
    }
  }

  getStreamRevision(streamName: string): Promise<number | undefined> {
    return readStreamRevision(this.client, streamName);
  }

  /** The position of the last event `$all` yields (EventStoreDB's own records are skipped). */
  async headPosition(): Promise<number | null> {
    for await (const event of readAllEvents(this.client, { direction: 'backwards', maxCount: 1 })) {
      return event.position;
    }
    return null;
  }

  async close(): Promise<void> {
    const open = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(open.map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}
