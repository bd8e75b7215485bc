import type { EventPayloadValidator, EventStore } from '../event-store';
import { describeAppendContract } from './append-contract';
import { useContractStore } from './contract-helpers';
import { describeDeletionContract } from './deletion-contract';
import { describeErasureContract } from './erasure-contract';
import { describeLimitsContract } from './limits-contract';
import { describeListStreamsContract } from './list-streams-contract';
import { describeMetadataContract } from './metadata-contract';
import { describeReadContract } from './read-contract';
import { describeSubscriptionContract } from './subscription-contract';

/** What the contract asks of every store it builds. */
export interface EventStoreContractOptions {
  /** The store must call it for every event before an append writes anything. */
  validatePayload: EventPayloadValidator;
}

/** A store under test and how to dispose of it (close it, remove its data). */
export interface EventStoreContractFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

/** Builds a fresh store for one test. */
export type EventStoreContractFactory = (
  options: EventStoreContractOptions,
) => Promise<EventStoreContractFixture>;

/**
 * The event-store contract: EventStoreDB's semantics as jest tests, run against any adapter.
 * Each test gets a fresh store from `factory` and uses stream names of its own, so an adapter
 * whose server outlives the test (EventStoreDB) passes it as well; `$all` assertions look only at
 * the test's own streams or positions.
 */
export function describeEventStoreContract(name: string, factory: EventStoreContractFactory): void {
  describe(`${name} honours the EventStore contract`, () => {
    const store = useContractStore(factory);
    describeAppendContract(store);
    describeReadContract(store);
    describeListStreamsContract(store);
    describeSubscriptionContract(store);
    describeDeletionContract(store);
    describeErasureContract(store);
    describeMetadataContract(store);
    describeLimitsContract(store);
  });
}
