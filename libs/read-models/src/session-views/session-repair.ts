import type { Repair } from '@agent-ledger/events';

type WithoutEventIndex<T> = T extends unknown ? Omit<T, 'eventIndex'> : never;

/**
 * A normalization repair as the read models keep it: normalization's `Repair`, placed in the log
 * by the stream `revision` of the event it concerns instead of an index into one replay's input.
 */
export type SessionRepair = WithoutEventIndex<Repair> & { revision: number };
