import type { ProjectionHandler, ReadModelDatabase } from '@agent-ledger/read-models';
import { CliError } from '../cli-error';
import { cliHint } from '../cli-hint';

/**
 * The position of `$all` every read model has reached (`null`: one has processed nothing), read
 * from the runner's checkpoints WITHOUT touching the read models: a `ProjectionRunner` would
 * rebuild a handler whose stored version differs, which an audit must never do. A read model
 * written by another handler version (another release, another `EXPORT_REDACTION`) cannot be
 * compared with this CLI's recomputation: that is an error asking for `rebuild`.
 */
export function readModelPosition(
  db: ReadModelDatabase,
  handlers: readonly ProjectionHandler[],
): number | null {
  const select = db.prepare<[string], { version: string; position: number | null }>(
    'SELECT version, position FROM rm_checkpoints WHERE handler = ?',
  );
  let lowest: number | undefined;
  for (const handler of handlers) {
    const stored = select.get(handler.name);
    if (stored === undefined) return null;
    if (stored.version !== handler.version) {
      throw new CliError(
        `The read model "${handler.name}" was written as version ${JSON.stringify(stored.version)}; this CLI, with this environment, writes ${JSON.stringify(handler.version)} (check EXPORT_REDACTION*, EXPORT_INCLUDE_REASONING) — run ${cliHint('rebuild')} (with the same environment) or start the server to rebuild it.`,
      );
    }
    if (stored.position === null) return null;
    lowest = lowest === undefined ? stored.position : Math.min(lowest, stored.position);
  }
  return lowest ?? null;
}
