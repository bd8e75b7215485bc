import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Mounts a tmpfs of `size` (`2m`, `4m`) on a new folder, for tests of a full disk: root only, as
 * CI runs; otherwise, or when the mount fails, the reason, which the test prints and skips on.
 */
export function mountSmallDisk(size: string): { folder: string } | { skipped: string } {
  if (process.getuid?.() !== 0) return { skipped: 'the tests do not run as root' };
  const folder = mkdtempSync(path.join(tmpdir(), 'agent-ledger-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], {
      stdio: 'pipe',
    });
    return { folder };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    return {
      skipped: `mount -t tmpfs failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
