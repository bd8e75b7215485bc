/**
 * Test tooling of the event-store port (never imported by production code): the contract suite
 * every adapter must pass, parametrized by adapter.
 */
export type {
  EventStoreContractFactory,
  EventStoreContractFixture,
  EventStoreContractOptions,
} from './event-store-contract';
export { describeEventStoreContract } from './event-store-contract';
