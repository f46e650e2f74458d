#!/usr/bin/env node
// How soon the play page answers: positions along real solutions, played move by move in Chromium, the time from each move to the page's answer.
// Usage: node bench/play-page.mjs [positions = 200] [presets = coops,strict,easy,goodsol,pysol,canfield,rainfall,storehouse,acme]
// For each preset, won deals 1, 2, 3 … (by the CLI at its default limits, deals it cannot decide at a million positions
// skipped) are played along the CLI's solution by typing each move into the page, until `positions` positions are
// answered. The time is the page's own (body[data-answer-ms]: from the question to the worker's answer, as a player
// waits for it), with the page's budget (a million positions a search). Prints a Markdown table: median, 95th
// percentile and worst time, the share answered within a second, and the answers that were not "winnable".
// Needs a build (npm run build) and Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [positionsText = '200', presetsText = 'coops,strict,easy,goodsol,pysol,canfield,rainfall,storehouse,acme'] = process.argv.slice(2);
const wanted = Number(positionsText);
const bin = fileURLToPath(new URL('../bin/eaglewing.js', import.meta.url));
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
if (!executablePath) {
  console.error('bench/play-page.mjs needs Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  process.exit(2);
}
const eaglewing = (args) => {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  if (result.status !== 0 && result.status !== 1) throw new Error(`eaglewing ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};

const dir = mkdtempSync(join(tmpdir(), 'eaglewing-play-bench-'));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const rows = [];
try {
  for (const preset of presetsText.split(',')) {
    const times = [];
    const states = {};
    let deals = 0;
    for (let n = 1; times.length < wanted && n < 200; n++) {
      const solved = JSON.parse(eaglewing(['solve', String(n), '--preset', preset, '--max-nodes', '1000000', '--json']));
      if (solved.result !== 'won') continue;
      deals++;
      const file = join(dir, `${preset}-${n}.html`);
      eaglewing(['play', String(n), '--preset', preset, '--out', file]);
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      const settle = async (position) => {
        await page.waitForFunction((at) => document.body.dataset.position === String(at) && document.body.dataset.answer !== 'searching', position, { timeout: 600_000 });
        times.push(Number(await page.getAttribute('body', 'data-answer-ms')));
        const state = await page.getAttribute('body', 'data-answer');
        states[state] = (states[state] ?? 0) + 1;
      };
      await settle(0);
      const moves = solved.steps.filter((step) => !step.automatic).map((step) => step.move.replace(/\(.*\)$/, ''));
      for (const [index, move] of moves.entries()) {
        if (times.length >= wanted) break;
        await page.fill('#move-input', move);
        await page.press('#move-input', 'Enter');
        await settle(index + 1);
      }
      await page.close();
      process.stderr.write(`${preset}: ${times.length} positions (deal ${n})\n`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
    const withinSecond = sorted.filter((ms) => ms <= 1000).length;
    rows.push(`| ${preset} | ${sorted.length} (${deals} deals) | ${at(0.5)} | ${at(0.95)} | ${sorted[sorted.length - 1]} | ${((100 * withinSecond) / sorted.length).toFixed(1)}% | ${Object.entries(states).filter(([state]) => state !== 'winnable').map(([state, count]) => `${state} ${count}`).join(', ') || 'none'} |`);
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log('| preset | positions | median ms | 95th percentile ms | worst ms | within 1 s | answers other than winnable |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
