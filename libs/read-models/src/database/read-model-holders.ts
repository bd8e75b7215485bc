import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processRuns } from './process-runs';

/** A running server's claim on a read-model file (`holdReadModels`). */
export interface ReadModelHold {
  /** `<file>.server-<pid>`: the claim's own file, removed by `release`. */
  readonly path: string;
  release(): void;
}

/** A server process that holds a read-model file open (`serversHoldingReadModels`). */
export interface ReadModelHolder {
  pid: number;
  /** The claim's file: remove it by hand if no Agent Ledger server runs with that pid. */
  path: string;
}

function holdPrefix(path: string): string {
  return `${path}.server-`;
}

/**
 * Says that this process (a server) keeps the read models at `path` open until `release`: a file
 * `<path>.server-<pid>` beside it (empty: the name says the pid). One per server, so two servers on one
 * `DATA_DIR` (which the store allows) each hold their own. A server killed before it releases
 * leaves its file; `serversHoldingReadModels` sees that its process has ended and removes it.
 */
export function holdReadModels(path: string): ReadModelHold {
  const hold = `${holdPrefix(path)}${process.pid}`;
  // Empty, the pid in its name: an empty file takes no data block, so a full disk still takes it.
  writeFileSync(hold, '');
  return { path: hold, release: () => rmSync(hold, { force: true }) };
}

/**
 * The running processes other than this one that hold the read models at `path`
 * (`holdReadModels`); the files of those that have ended are removed. A file whose pid now names
 * an unrelated process still counts (a pid reused after a server was killed): the CLI's message
 * names the file to remove then.
 */
export function serversHoldingReadModels(path: string): ReadModelHolder[] {
  const prefix = basename(holdPrefix(path));
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return [];
  }
  const holders: ReadModelHolder[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    const file = join(dirname(path), name);
    if (!Number.isSafeInteger(pid) || pid <= 0) continue;
    if (pid === process.pid) continue;
    if (processRuns(pid)) holders.push({ pid, path: file });
    else rmSync(file, { force: true });
  }
  return holders.sort((a, b) => a.pid - b.pid);
}
