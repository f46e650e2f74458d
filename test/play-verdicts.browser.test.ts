// The play page's answers are the CLI's: positions along real solutions and after losing moves, the page's verdict (read in Chromium) against solve --after and hint --json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMove } from '../src/notation.js';
import { PlaySession } from '../src/play/session.js';
import { resolveRules } from '../src/rules.js';
import { BROWSER, useBrowser } from './browser.js';
import { runCli, runCliJson } from './cli-runner.js';

const { browser: started, dir } = useBrowser('test/play-verdicts.browser.test.ts', 'play-verdicts');

type Verdict = 'won' | 'lost' | 'unknown';
/** The page's answer states, as verdicts of the position. */
const PAGE_VERDICT: Record<string, Verdict> = { winnable: 'won', won: 'won', 'lost-now': 'lost', 'lost-deal': 'lost', lost: 'lost', unknown: 'unknown' };


/** A deal of each preset as the CLI names it: Eagle Wing's five and four of the family's; PySolFC's numbers for two games PySolFC turns cards in by itself. */
const DEALS: { name: string; preset: string; deal: (n: number) => string[] }[] = [
  { name: 'strict', preset: 'strict', deal: (n) => [String(n)] },
  { name: 'coops', preset: 'coops', deal: (n) => [String(n)] },
  { name: 'easy', preset: 'easy', deal: (n) => [String(n)] },
  { name: 'goodsol', preset: 'goodsol', deal: (n) => [String(n)] },
  { name: 'pysol (PySolFC games)', preset: 'pysol', deal: (n) => ['--pysol', String(n)] },
  { name: 'canfield (PySolFC games)', preset: 'canfield', deal: (n) => ['--pysol', String(n)] },
  { name: 'storehouse', preset: 'storehouse', deal: (n) => [String(n)] },
  { name: 'acme', preset: 'acme', deal: (n) => [String(n)] },
  { name: 'superior-canfield', preset: 'superior-canfield', deal: (n) => [String(n)] },
];

interface Solved {
  deal: string;
  result: Verdict;
  steps: { move: string; automatic?: boolean }[];
}

/** The page's verdict once it has answered for the game its address names (set in the same tab), and its line there (every move, PySolFC's turns too). */
async function pageAnswer(page: Page, moves: string[]): Promise<{ verdict: Verdict; state: string; line: string; culprit: string }> {
  const game = `moves=${moves.join(',')}&at=${moves.length}`;
  await page.evaluate((hash) => (location.hash = hash), game);
  await page.waitForFunction((wanted) => document.body.dataset.game === wanted && document.body.dataset.answer !== 'searching', game, { timeout: 120_000 });
  const state = (await page.getAttribute('body', 'data-answer'))!;
  return { verdict: PAGE_VERDICT[state], state, line: await page.inputValue('#line'), culprit: (await page.getAttribute('body', 'data-culprit'))! };
}

const totals = { positions: 0, bothDecided: 0, afterLosing: 0, moveVerdicts: 0 };

describe.runIf(BROWSER)('the play page\'s answers are the CLI\'s', () => {
  it.each(DEALS)('$name: along a won deal\'s solution, after losing moves, and on a lost deal', async ({ name, preset, deal }) => {
    const cli = (n: number) => [...deal(n), '--preset', preset];
    // the first won deal and the first lost one of numbers 1-12, by the CLI
    let won: (Solved & { n: number }) | undefined;
    let lost: (Solved & { n: number }) | undefined;
    for (let n = 1; n <= 12 && (won === undefined || lost === undefined); n++) {
      const solved = { n, ...runCliJson<Solved>(['solve', ...cli(n), '--max-nodes', '2000000']) };
      if (solved.result === 'won') won ??= solved;
      if (solved.result === 'lost') lost ??= solved;
    }
    if (won === undefined) throw new Error(`${name}: no won deal among 1-12`);
    const file = join(dir(), `${preset}.html`);
    expect(runCli(['play', ...cli(won.n), '--out', file]).code).toBe(0);
    const page = await started().newPage();
    await page.goto(pathToFileURL(file).href);
    // the page's verdicts, each with the line the CLI is to be asked about, and whether it follows a move the CLI calls losing
    const asked: { verdict: Verdict; line: string; afterLosing: boolean }[] = [];
    const line = won.steps.filter((step) => !step.automatic).map((step) => step.move.replace(/\(.*\)$/, ''));
    const thirds = [0, Math.floor(line.length / 3), Math.floor((2 * line.length) / 3)];
    for (const k of [...thirds, ...thirds.map((third) => third + 1)]) {
      const here = await pageAnswer(page, line.slice(0, k));
      asked.push({ verdict: here.verdict, line: here.line, afterLosing: false });
    }
    // once a deal: the page's verdict of every legal move ("Which moves lose?") against hint --json's, a third of the way in
    const third = await pageAnswer(page, line.slice(0, thirds[1]));
    const hint = runCliJson<{ moves: { move: string; verdict: Verdict }[] }>(['hint', ...cli(won.n), ...(third.line === '' ? [] : ['--after', third.line])]);
    await page.click('#losing');
    await page.waitForSelector('#move-verdicts li[data-verdict]', { timeout: 120_000 });
    const shown = await page.$$eval('#move-verdicts li[data-verdict]', (items) => items.map((item) => [item.querySelector('button')!.dataset.move!, item.dataset.verdict!]));
    const expected = hint.moves.map((entry) => [entry.move.startsWith('T') ? 'T' : entry.move, entry.verdict]);
    expect(shown.map(([move]) => move)).toEqual(expected.map(([move]) => move));
    for (const [index, [move, verdict]] of shown.entries()) if (verdict !== 'unknown' && expected[index][1] !== 'unknown') expect(verdict, `${name}: ${move}`).toBe(expected[index][1]);
    totals.moveVerdicts += shown.length;
    // losing moves: every other legal move off the solution's line, for the first positions, solved by the CLI in one run; the page is then asked about a few it calls lost
    const setup = { deal: won.deal, rules: resolveRules(preset), autodeal: deal(1)[0] === '--pysol' };
    const session = new PlaySession(setup);
    const candidates: { moves: string[]; line: string }[] = [];
    for (let k = 0; k < line.length && candidates.length < 160; k++) {
      for (const move of session.legalMoves().map((legal) => formatMove(legal, false)).filter((move) => move !== line[k])) {
        const off = new PlaySession(setup);
        for (const token of [...line.slice(0, k), move]) off.playText(token);
        candidates.push({ moves: [...line.slice(0, k), move], line: off.lineText() });
      }
      session.playText(line[k]);
    }
    const offLine = join(dir(), `${preset}-off.txt`);
    writeFileSync(offLine, candidates.map((entry) => `${won.deal} | ${entry.line}`).join('\n') + '\n');
    const off = runCli(['solve', '--deals-file', offLine, '--preset', preset, '--max-nodes', '300000', '--json']);
    expect(off.code, off.stderr).toBe(0);
    const offVerdicts = off.stdout.trim().split('\n').map((text) => (JSON.parse(text) as { result: Verdict }).result);
    const losing = candidates.filter((_, index) => offVerdicts[index] === 'lost');
    for (const candidate of [losing[0], losing[Math.floor(losing.length / 2)], losing[losing.length - 1]].filter((entry, index, all) => entry !== undefined && all.indexOf(entry) === index)) {
      const after = await pageAnswer(page, candidate.moves);
      expect(after.line).toBe(candidate.line);
      asked.push({ verdict: after.verdict, line: after.line, afterLosing: true });
      // the page names the move that lost it: the one just played, since the position before it is on the winning line
      if (after.verdict === 'lost') expect([after.state, after.culprit]).toEqual(['lost-now', String(candidate.moves.length)]);
    }
    // the CLI's verdicts of the same positions, in one run: solve --deals-file, "deal | moves" a line
    const positions = join(dir(), `${preset}.txt`);
    writeFileSync(positions, asked.map((entry) => `${won.deal} | ${entry.line}`).join('\n') + '\n');
    const results = runCli(['solve', '--deals-file', positions, '--preset', preset, '--json']);
    expect(results.code, results.stderr).toBe(0);
    const verdicts = results.stdout.trim().split('\n').map((text) => (JSON.parse(text) as { result: Verdict }).result);
    expect(verdicts).toHaveLength(asked.length);
    for (const [index, entry] of asked.entries()) {
      totals.positions++;
      if (entry.afterLosing) {
        totals.afterLosing++;
        expect(verdicts[index]).toBe('lost');
      } else expect(verdicts[index]).toBe('won');
      if (entry.verdict === 'unknown' || verdicts[index] === 'unknown') continue;
      totals.bothDecided++;
      expect(entry.verdict, `${name} deal ${won.n} after "${entry.line}"`).toBe(verdicts[index]);
    }
    if (lost !== undefined) {
      const lostFile = join(dir(), `${preset}-lost.html`);
      expect(runCli(['play', ...cli(lost.n), '--out', lostFile]).code).toBe(0);
      await page.goto(pathToFileURL(lostFile).href);
      const answer = await pageAnswer(page, []);
      totals.positions++;
      if (answer.verdict !== 'unknown') {
        totals.bothDecided++;
        expect(answer.state).toBe('lost-deal');
      }
    }
    await page.close();
  }, 600_000);

  it('compared enough positions where both decide', () => {
    console.log(`play page against the CLI: ${totals.positions} positions, ${totals.bothDecided} decided by both, ${totals.afterLosing} after a losing move, ${totals.moveVerdicts} move verdicts against hint --json`);
    expect(totals.bothDecided).toBeGreaterThanOrEqual(60);
    expect(totals.afterLosing).toBeGreaterThanOrEqual(12);
  });
});
