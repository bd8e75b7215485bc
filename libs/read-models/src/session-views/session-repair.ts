import type { RepairFinding } from '@agent-ledger/events';

/**
 * A normalization repair as the read models keep it: normalization's `Repair`, placed in the log
 * by the stream `revision` of the event it concerns instead of an index into one replay's input.
 */
export type SessionRepair = RepairFinding & { revision: number };
