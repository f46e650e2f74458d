#!/usr/bin/env node
// The play page's pictures in docs/: an Eagle Wing game with a hint shown, and a Canfield game just after the move that lost it.
// Usage: node scripts/play-screenshots.mjs (after npm run build; needs Chromium: CHROMIUM_PATH or /usr/bin/chromium)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
if (!executablePath) {
  console.error('scripts/play-screenshots.mjs needs Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  process.exit(2);
}
const eaglewing = (args) => spawnSync(process.execPath, [join(root, 'bin', 'eaglewing.js'), ...args], { encoding: 'utf8' }).stdout;
const line = (args) => JSON.parse(eaglewing(['solve', ...args, '--json'])).steps.filter((step) => !step.automatic).map((step) => step.move.replace(/\(.*\)$/, ''));

const dir = mkdtempSync(join(tmpdir(), 'eaglewing-shots-'));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const shoot = async (args, moves, then, picture) => {
    const file = join(dir, 'page.html');
    eaglewing(['play', ...args, '--out', file, '--force']);
    const page = await browser.newPage({ viewport: { width: 1240, height: 760 } });
    await page.goto(`${pathToFileURL(file).href}#moves=${moves.join(',')}&at=${moves.length}`);
    await page.waitForFunction(() => document.body.dataset.answer !== 'searching');
    await then(page);
    await page.screenshot({ path: join(root, 'docs', picture) });
    console.log(`docs/${picture}: ${await page.textContent('#answer')}`);
    await page.close();
  };
  // Eagle Wing (coops deal 1), twenty moves in: winnable, the hint asked for
  await shoot(['1', '--preset', 'coops'], line(['1', '--preset', 'coops']).slice(0, 20), async (page) => {
    await page.click('#hint');
  }, 'play-eagle-wing.png');
  // Canfield (deal 3): the losing move the CLI's hint names after 18 moves of its solution, played
  await shoot(['3', '--preset', 'canfield'], [...line(['3', '--preset', 'canfield']).slice(0, 18), 'XW3'], async (page) => {
    await page.waitForFunction(() => document.body.dataset.answer === 'lost-now');
  }, 'play-canfield.png');
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
