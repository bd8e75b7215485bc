import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = path.resolve(__dirname, '..', '..');

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when it is missing). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Builds the inspector with Vite into a fresh directory (the server serves it with
 * `INSPECTOR_DIR`), so a test never depends on, nor races over, `dist/inspector`.
 */
export function buildInspector(): { directory: string; remove(): void } {
  const directory = mkdtempSync(path.join(tmpdir(), 'agent-ledger-inspector-'));
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      path.join(root, 'apps', 'inspector', 'vite.config.mjs'),
      '--outDir',
      directory,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`The inspector did not build:\n${result.stdout}\n${result.stderr}`);
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** One headless Chromium per test file (`--no-sandbox` as root, as CI runs). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: asRoot ? ['--no-sandbox'] : [],
  });
}

/** The serious and critical accessibility violations axe finds on the page, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`,
    );
}

/**
 * Saves a screenshot for docs/inspector.md when `INSPECTOR_SCREENSHOTS` names a directory
 * (`npm run inspector:screenshots` sets it to docs/inspector); otherwise does nothing.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env['INSPECTOR_SCREENSHOTS'];
  if (directory === undefined || directory === '') return;
  mkdirSync(path.resolve(root, directory), { recursive: true });
  await page.screenshot({ path: path.resolve(root, directory, `${name}.png`) });
}
