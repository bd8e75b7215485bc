import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const root = path.resolve(__dirname, '..', '..');

/**
 * How long a browser test waits for the page to show something (and a hook for a server or a
 * build). Waits end as soon as the page is there; these only bound a page that never comes, so
 * they are generous: the specs run beside a full test suite on two busy cores, where a build, a
 * server start and a Chromium share the machine with the rest.
 */
export const WAIT_MS = 30_000;
/** A server compiling its sources at start on a loaded machine: see `startServer`. */
export const SERVER_START_MS = 120_000;
/** `beforeAll`: a build, a server start, the demo data and Chromium. */
export const SETUP_MS = 240_000;
/** A test of several steps, each waiting up to `WAIT_MS`. */
export const TEST_MS = 180_000;

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

/** A page of its own context (1400×900), waiting up to `WAIT_MS` for what it looks for. */
export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  return page;
}

/**
 * Waits until the element's text contains `text` (Playwright re-reads the page until it does),
 * and fails with what it had.
 */
export async function expectText(locator: Locator, text: string): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor();
  } catch {
    const had = await locator
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => '(no such element)');
    throw new Error(
      `Expected ${String(locator)} to contain ${JSON.stringify(text)}; it had:\n${had.slice(0, 2000)}`,
    );
  }
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
