/** Injection tokens of the read side. */

/** The read models' SQLite connection (`ReadModelDatabase`). */
export const READ_MODEL_DB = Symbol('ReadModelDatabase');

/** The `ReadModelConfig` the read side was started with. */
export const READ_MODEL_CONFIG = Symbol('ReadModelConfig');

/** What keeps the read models live (`LiveProjections`): the projection runner, on its own thread or this one. */
export const LIVE_PROJECTIONS = Symbol('LiveProjections');

/** This server's claim on the read models' file (`ReadModelHold`): `agent-ledger rebuild` refuses while it is held. */
export const READ_MODEL_HOLD = Symbol('ReadModelHold');
