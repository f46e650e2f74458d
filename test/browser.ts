// The browser tests' Chromium (Debian's chromium, driven by playwright-core): found or skipped with a message naming the package, launched once a file, and a scratch folder removed after.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Where a browser may be: Debian's chromium first (docs/usage.md "Setting up": `apt-get install chromium`). */
export const BROWSER = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => path && existsSync(path));
const INSTALL = 'no Chromium found: install it with `sudo apt-get install chromium` (Debian) or set CHROMIUM_PATH to a Chrome or Chromium binary';

/**
 * A test file's browser and scratch folder. Without a browser the file's tests are to be skipped
 * (describe.runIf(BROWSER)), saying why, except in CI (CI, or EAGLEWING_REQUIRE naming chromium as .ci/run
 * sets it), where a missing browser is a failure. The folder is made before the file's first test (`dir()` reads
 * it there): a file whose tests are all skipped, for want of a browser or by a filter, runs no hook, and makes none.
 */
export function useBrowser(testFile: string, folder: string): { browser: () => Browser; dir: () => string } {
  const required = Boolean(process.env.CI) || (process.env.EAGLEWING_REQUIRE ?? '').split(',').includes('chromium');
  if (!BROWSER && !required) console.warn(`${testFile} skipped: ${INSTALL}`);
  if (!BROWSER && required) throw new Error(`CI must run the browser test: ${INSTALL}`);
  let dir = '';
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!BROWSER) return;
    dir = mkdtempSync(join(tmpdir(), `eaglewing-${folder}-`));
    browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });
  return {
    browser: () => {
      if (browser === undefined) throw new Error('the browser is not started');
      return browser;
    },
    dir: () => dir,
  };
}
