/** Where the runner reports failed events and dropped subscriptions (Nest's `Logger` fits). */
export interface RunnerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that says nothing (the default: libraries do not write to the console). */
export const SILENT_LOGGER: RunnerLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
