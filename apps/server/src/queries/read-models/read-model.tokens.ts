/** Injection tokens of the read side. */

/** The read models' SQLite connection (`ReadModelDatabase`). */
export const READ_MODEL_DB = Symbol('ReadModelDatabase');

/** The `ReadModelConfig` the read side was started with. */
export const READ_MODEL_CONFIG = Symbol('ReadModelConfig');
