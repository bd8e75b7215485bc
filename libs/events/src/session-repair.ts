import type { RepairFinding } from './repair';

/**
 * A normalization repair as the read models and the model context report it: normalization's `Repair`, placed in the log
 * by the stream `revision` of the event it concerns instead of an index into one replay's input.
 */
export type SessionRepair = RepairFinding & { revision: number };
