import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The text of a fixture file under `src/testing/fixtures/`. */
export function readFixture(path: string): string {
  return readFileSync(join(__dirname, 'fixtures', path), 'utf8');
}
