import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary folder for one test's database files, removed by `remove`. */
export interface TemporaryFolder {
  path: string;
  file(name: string): string;
  remove(): void;
}

/** Makes a temporary folder under the OS temp dir (tests only). */
export function temporaryFolder(prefix = 'event-store-'): TemporaryFolder {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file: (name) => join(path, name),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
