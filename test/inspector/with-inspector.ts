import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../apps/server/test/testing/start-server';
import { buildInspector, launchChromium, openPage, SERVER_START_MS, SETUP_MS } from './browser';

/** What a browser spec works with once its `beforeAll` has run. */
export interface InspectorSetup {
  /** The server, serving the inspector built for this file. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** One page (1400×900) the tests share. */
  readonly page: Page;
}

/** Options of {@link withInspector}. */
export interface WithInspectorOptions {
  /** More of the server's environment, asked for when the server starts (`DATA_DIR`, …). */
  env?: () => Record<string, string>;
  /** Fills the running server before Chromium starts (through its API). */
  fill?: (server: RunningServer) => Promise<void>;
}

/**
 * The setup every inspector browser spec shares, as Jest hooks of the calling `describe`:
 * `beforeAll` builds the inspector into a directory of its own, starts a server serving it,
 * fills it, launches Chromium and opens a page; `afterAll` closes Chromium, stops the server and
 * removes the build. Answers an object whose `server`, `browser` and `page` are there from the
 * first test on.
 */
export function withInspector(options: WithInspectorOptions = {}): InspectorSetup {
  let inspector: ReturnType<typeof buildInspector> | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    inspector = buildInspector();
    server = await startServer(
      { ...options.env?.(), INSPECTOR_DIR: inspector.directory },
      { startTimeoutMs: SERVER_START_MS },
    );
    await options.fill?.(server);
    browser = await launchChromium();
    page = await openPage(browser);
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    inspector?.remove();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} is not set up: beforeAll failed.`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get page() {
      return ready(page, 'page');
    },
  };
}
