/**
 * Runs `operation`, retrying it while SQLite answers `SQLITE_BUSY`, until `timeoutMs` has passed.
 *
 * The busy timeout of a connection covers ordinary lock waits, but SQLite returns `SQLITE_BUSY`
 * at once, without its busy handler, in a few cases: most often when another process is creating
 * the same file or switching it to WAL at the same moment. Two servers (or a server and the CLI)
 * starting together on one `DATA_DIR` hit exactly that, so opening a database goes through here.
 */
export function retryWhileBusy<T>(operation: () => T, timeoutMs: number): T {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return operation();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
      sleepSync(Math.min(5 * 2 ** attempt, 100));
    }
  }
}

/** Whether `error` is SQLite's `SQLITE_BUSY` (or one of its extended codes). */
export function isSqliteBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('SQLITE_BUSY')
  );
}

/** Opening a database is synchronous (better-sqlite3), so the pause between attempts is too. */
function sleepSync(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}
