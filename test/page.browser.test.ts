// The solution page in a real browser (Debian's chromium, driven by playwright-core): steps, keyboard, #step=, no network, no peeking.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatCard, RANK_COUNT, SUIT_SYMBOLS } from '../src/cards.js';
import { parseDeal } from '../src/deal.js';
import { Game } from '../src/engine.js';
import { resolveRules } from '../src/rules.js';
import { playTokens, ROOT } from './helpers.js';
import { BROWSER, useBrowser } from './browser.js';
import { runCli } from './cli-runner.js';

const { browser: started, dir } = useBrowser('test/page.browser.test.ts', 'page');

function solve(args: string[], html: string): { moves: string; deal: string } {
  const result = runCli(['solve', ...args, '--json', '--html', html]);
  expect(result.code === 0 || result.code === 1, result.stderr).toBe(true);
  return JSON.parse(result.stdout);
}

/** Opens a page from disk, recording every request it makes. */
async function open(file: string, hash = ''): Promise<{ page: Page; requests: string[] }> {
  const page = await started().newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href + hash);
  return { page, requests };
}

const cardsOn = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => elements.flatMap((element) => (element.getAttribute('data-cards') ?? '').split(' ').filter(Boolean)));

describe.runIf(BROWSER)('the solution page (solve --html)', () => {
  it('plays a won deal to its end, with the keyboard and with #step=, all 52 cards on the foundations, and asks the network for nothing', async () => {
    const file = join(dir(), 'won.html');
    solve(['1', '--preset', 'coops'], file);
    const { page, requests } = await open(file);
    const steps = Number(await page.getAttribute('body', 'data-steps'));
    expect(steps).toBeGreaterThan(50);
    expect(await page.getAttribute('body', 'data-step')).toBe('0');
    expect(await cardsOn(page, '[data-foundation]')).toHaveLength(1);
    expect(await cardsOn(page, '[data-wing]')).toHaveLength(8);
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('body', 'data-step')).toBe(String(steps));
    expect(await cardsOn(page, '[data-foundation]')).toHaveLength(52);
    expect(await cardsOn(page, '[data-wing]')).toHaveLength(0);
    expect(page.url().endsWith(`#step=${steps}`)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await page.getAttribute('body', 'data-step')).toBe(String(steps - 1));
    // a step shared by its address opens there
    const shared = await open(file, `#step=${steps}`);
    expect(await shared.page.getAttribute('body', 'data-step')).toBe(String(steps));
    const foundations = await shared.page.$$eval('[data-foundation]', (elements) => elements.map((element) => [element.getAttribute('data-foundation'), element.getAttribute('data-cards')?.split(' ').length]));
    expect(foundations).toEqual([['C', 13], ['D', 13], ['H', 13], ['S', 13]]);
    // clicking a move in the list jumps there, and it is the one highlighted
    await shared.page.click('#moves li[data-step="3"]');
    expect(await shared.page.getAttribute('body', 'data-step')).toBe('3');
    expect(await shared.page.getAttribute('#moves li.current', 'data-step')).toBe('3');
    for (const url of [...requests, ...shared.requests]) expect(url.startsWith('file://'), url).toBe(true);
    if (process.env.EAGLEWING_SCREENSHOT) {
      await shared.page.setViewportSize({ width: 1180, height: 640 });
      await shared.page.click('#moves li[data-step="40"]');
      await shared.page.screenshot({ path: resolve(ROOT, process.env.EAGLEWING_SCREENSHOT) });
    }
    await page.close();
    await shared.page.close();
  });
  it('solve --after opens at the position the moves lead to, with those moves shown as played', async () => {
    const full = solve(['1', '--preset', 'coops'], join(dir(), 'full.html'));
    const given = full.moves.split(' ').slice(0, 12).join(' ');
    const file = join(dir(), 'after.html');
    solve(['1', '--preset', 'coops', '--after', given], file);
    const { page } = await open(file);
    const played = await page.$$eval('#moves li.played', (items) => items.map((item) => Number(item.getAttribute('data-step'))));
    // the moves given (and any trunk fills they caused) are the played ones: twelve moves, then the page opens there
    expect(await page.$$eval('#moves li.played.move', (items) => items.length)).toBe(12);
    expect(await page.getAttribute('body', 'data-step')).toBe(String(Math.max(...played)));
    expect(await page.textContent('#verdict')).toContain('WON from here');
    // the cards on the table there are those the engine has after the same moves
    const game = new Game(parseDeal(full.deal), resolveRules('coops'));
    playTokens(game, given.replace(/\([^)]*\)/g, ''));
    expect((await cardsOn(page, '[data-foundation]')).length).toBe(game.foundationTotal());
    await page.close();
  });
  it('a Canfield game (four wings, three-card turns) shows four wings and ends with 52 cards on the foundations; a face-up trunk shows every card', async () => {
    const file = join(dir(), 'canfield.html');
    solve(['3', '--preset', 'canfield'], file);
    const { page } = await open(file);
    expect(await page.$$eval('[data-wing]', (elements) => elements.map((element) => element.getAttribute('data-wing')))).toEqual(['1', '2', '3', '4']);
    const steps = Number(await page.getAttribute('body', 'data-steps'));
    await page.evaluate((to) => (location.hash = `#step=${to}`), steps);
    await page.waitForFunction((to) => document.body.dataset.step === String(to), steps);
    expect(await cardsOn(page, '[data-foundation]')).toHaveLength(52);
    const up = join(dir(), 'superior.html');
    const deal = solve(['3', '--preset', 'superior-canfield', '--max-nodes', '1'], up).deal;
    const opened = await open(up);
    // the trunk's 13 cards, bottom first, as dealt (RULES §2: deck[0 … 12])
    const trunk = await opened.page.$$eval('#trunk .card', (cards) => cards.map((card) => card.getAttribute('title')));
    expect(trunk).toEqual(deal.split(' ').slice(0, 13));
    await page.close();
    await opened.page.close();
  });
  it('The Plot (RULES §10.20) shows twelve wings and ends with 104 cards on eight foundations by rank, each card twice, each pile up from the base in any suit', async () => {
    const file = join(dir(), 'the-plot.html');
    const { moves, deal } = solve(['--pysol', '2', '--preset', 'the-plot', '--max-nodes', '100000'], file);
    const { page } = await open(file);
    expect(await page.$$eval('[data-wing]', (elements) => elements.length)).toBe(12);
    const steps = Number(await page.getAttribute('body', 'data-steps'));
    await page.evaluate((to) => (location.hash = `#step=${to}`), steps);
    await page.waitForFunction((to) => document.body.dataset.step === String(to), steps);
    const piles = await page.$$eval('[data-foundation]', (elements) => elements.map((element) => (element.getAttribute('data-cards') ?? '').split(' ').filter(Boolean)));
    expect(piles).toHaveLength(8);
    const ranks = 'A23456789TJQK';
    const base = ranks.indexOf(piles[0][0][0]);
    for (const pile of piles) expect(pile.map((card) => ranks.indexOf(card[0]))).toEqual(Array.from({ length: RANK_COUNT }, (_, height) => (base + height) % RANK_COUNT));
    const counts = new Map<string, number>();
    for (const card of piles.flat()) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect([...counts.values()].every((count) => count === 2) && counts.size === 52).toBe(true);
    // the first foundation fills first: the base card (the deal's, after the trunk and the twelve wings), then the line's first twelve cards up
    const up = moves.split(' ').flatMap((token) => /^(?:W\d+|X|K)F\((\w\w)\)$/.exec(token)?.[1] ?? []);
    expect(piles[0]).toEqual([deal.split(' ')[13 + 12], ...up.slice(0, 12)]);
    await page.close();
  });
  it('a lost deal shows the deal and says it is lost', async () => {
    const file = join(dir(), 'lost.html');
    solve(['3', '--preset', 'strict'], file);
    const { page } = await open(file);
    expect(await page.getAttribute('body', 'data-steps')).toBe('0');
    expect(await page.textContent('#verdict')).toContain('LOST');
    expect(await cardsOn(page, '[data-wing]')).toHaveLength(8);
    await page.close();
  });
  it('a no-peek player\'s page never shows a card the player has not seen', async () => {
    const file = join(dir(), 'greedy.html');
    const rules = resolveRules('coops');
    const played = solve(['4', '--preset', 'coops', '--player', 'greedy'], file);
    // the cards never face up in that game: the trunk's hidden cards and the stock never turned, from the deal and the moves
    const deck = parseDeal(played.deal);
    const game = new Game(deck, rules);
    playTokens(game, played.moves.replace(/\([^)]*\)/g, ''));
    const hidden: number[] = [];
    const trunkFaceUp = game.trunkCard();
    for (let i = 0; i < game.trunkCount(); i++) if (deck[i] !== trunkFaceUp) hidden.push(deck[i]);
    const turned = new Set([...played.moves.matchAll(/T\((\w\w)\)/g)].map((match) => match[1]));
    for (let i = 0; i < game.layout.stockLength; i++) {
      const card = game.layout.stockCards[i];
      if (game.stockPlaceFilled(i) && !turned.has(formatCard(card))) hidden.push(card);
    }
    expect(hidden.length).toBeGreaterThan(0);
    const { page } = await open(file);
    const steps = Number(await page.getAttribute('body', 'data-steps'));
    const shown = (card: number) => [formatCard(card), `${formatCard(card)[0] === 'T' ? '10' : formatCard(card)[0]}${SUIT_SYMBOLS[Math.floor(card / RANK_COUNT)]}`];
    for (let step = 0; step <= steps; step += 1) {
      await page.evaluate((to) => (location.hash = `#step=${to}`), step);
      await page.waitForFunction((to) => document.body.dataset.step === String(to), step);
      const text = await page.innerText('body');
      for (const card of hidden) for (const form of shown(card)) expect(text.includes(form), `step ${step} shows ${form}`).toBe(false);
    }
    await page.close();
  });
});
