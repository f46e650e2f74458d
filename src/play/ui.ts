// The play page's script (bundled for the browser by scripts/build-page.mjs): the table drawn from the engine, moves by click, drag and typing, and the live answer.
import { formatCard, NO_CARD, SUITS } from '../cards.js';
import { dealtCard, dealtFaceUp } from '../layout.js';
import { limitName } from '../limits.js';
import { describeMove, formatMove, parseMove, type Move } from '../notation.js';
import { narrate, rankFoundationPiles } from '../show/narrate.js';
import { LONGER, PAGE_BUDGET, type Answer, type Budget, type Question } from './answers.js';
import { PlaySession, type PlaySetup } from './session.js';

/** What `eaglewing play` writes into the page (src/play/page.ts). */
interface PageData extends PlaySetup {
  title: string;
  subtitle: string;
  /** How the CLI names this deal: `7 --preset coops`, `--pysol 12345 --preset canfield`; for the commands shown. */
  cliDeal: string;
}

const data = JSON.parse(byId('data').textContent ?? '{}') as PageData;
const session = new PlaySession(data);
const SUIT_SIGNS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the page has no #${id}`);
  return element as T;
}

// ---- the table ----

/**
 * A pile the player can take from or play to: W1 … W9, X (waste), K (trunk), K1 … K4 (one of several
 * trunks, RULES §10.15), S (stock), F (a foundation, as a target), FC … FS (a foundation's top card as
 * a source, under RULES §10.16).
 */
type PileId = string;
interface Selection {
  pile: PileId;
  /** Cards from the top: 1 for a single card. */
  count: number;
}
let selected: Selection | null = null;

function face(card: number, attributes = ''): string {
  const text = formatCard(card);
  const red = text[1] === 'D' || text[1] === 'H';
  return `<div class="card ${red ? 'red' : 'black'}" title="${text}" data-card="${text}" ${attributes}>${text[0] === 'T' ? '10' : text[0]}${SUIT_SIGNS[text[1]]}</div>`;
}
const back = (attributes = '') =>
  `<div class="card back" ${attributes}><svg viewBox="0 0 44 60" aria-hidden="true"><rect x="4" y="4" width="36" height="52" rx="3" fill="none" stroke="#8fa7e8" stroke-width="2"/><path d="M8 8 L36 52 M36 8 L8 52" stroke="#5d7bd1" stroke-width="2"/></svg></div>`;
const slot = () => '<div class="slot"></div>';
const isSelected = (pile: PileId, count = 0) => selected !== null && selected.pile === pile && (count === 0 || selected.count === count);

function drawFoundations(): string {
  const game = session.game;
  return drawUpFoundations() + (game.compiled.upDown ? drawDownFoundations() : '');
}

/** RULES §10.18: each suit's foundation down from the King, a pile "D" of its own after the four up from the Ace. */
function drawDownFoundations(): string {
  const game = session.game;
  return [...SUITS]
    .map((suit, index) => {
      const top = game.foundationDownTop(index);
      const cards = game.foundationDownCards(index).map(formatCard);
      const chosen = isSelected(`D${suit}`) ? ' data-selected="true"' : '';
      return `<div class="pile target" data-pile="D" data-foundation="${suit}" data-cards="${cards.join(' ')}" tabindex="0" aria-label="foundation ${suit} down">${top === NO_CARD ? slot() : face(top, `data-count="1"${chosen}`)}<span>${SUIT_SIGNS[suit]} K↓ ${cards.length}</span></div>`;
    })
    .join('');
}

function drawUpFoundations(): string {
  const game = session.game;
  // RULES §10.20: foundations by rank, numbered; the position keeps their heights, the line so far their cards
  if (game.compiled.rankFoundations) {
    const piles = rankFoundationPiles(game, narrate(session.deck, data.rules, session.line(), data.autodeal));
    return piles.map((up, foundation) => drawRankFoundation(foundation, up)).join('');
  }
  // RULES §10.19: each suit's n foundations side by side, highest first; any of them takes the suit's next card
  if (game.decks > 1) return [...SUITS].map((suit, index) => Array.from({ length: game.decks }, (_, copy) => drawDeckFoundation(suit, game.foundationCardsOf(index, copy))).join('')).join('');
  return [...SUITS]
    .map((suit, index) => {
      const height = game.foundationHeight(index);
      // RULES §10.18 four-of-a-rank: the suit's cards of the ranks up (their order is not kept), the highest shown
      const up = game.foundationCards(index);
      const cards = up.map(formatCard);
      const shown = game.compiled.fourOfARank ? up[up.length - 1] : game.foundationTop(index);
      const top = height === 0 ? slot() : face(shown);
      const chosen = isSelected(`F${suit}`) ? ' data-selected="true"' : '';
      const topCard = height === 0 ? slot() : face(shown, `data-count="1"${chosen}`);
      return `<div class="pile target" data-pile="F" data-foundation="${suit}" data-cards="${cards.join(' ')}" tabindex="0" aria-label="foundation ${suit}">${height === 0 ? top : topCard}<span>${SUIT_SIGNS[suit]} ${height}/13</span></div>`;
    })
    .join('');
}

/** RULES §10.20: foundation `foundation` by rank (0 the first), any suit: a drop target, its top card shown. */
function drawRankFoundation(foundation: number, up: number[]): string {
  const top = up.length === 0 ? slot() : face(up[up.length - 1]);
  return `<div class="pile target" data-pile="F" data-foundation="${foundation + 1}" data-cards="${up.map(formatCard).join(' ')}" tabindex="0" aria-label="foundation ${foundation + 1}">${top}<span>${foundation === 0 ? 'first ' : ''}${up.length}/13</span></div>`;
}

/** One of a suit's foundations under RULES §10.19: a drop target for the suit, its top card shown. */
function drawDeckFoundation(suit: string, up: number[]): string {
  const cards = up.map(formatCard);
  const top = up.length === 0 ? slot() : face(up[up.length - 1]);
  return `<div class="pile target" data-pile="F" data-foundation="${suit}" data-cards="${cards.join(' ')}" tabindex="0" aria-label="foundation ${suit}">${top}<span>${SUIT_SIGNS[suit]} ${up.length}/13</span></div>`;
}

function drawWing(wing: number): string {
  const game = session.game;
  const height = game.wingHeight(wing);
  const pile = `W${wing + 1}`;
  const cards: string[] = [];
  const names: string[] = [];
  // the dealt cards under the run (RULES §10.14), which never move: a face-down one shows its back
  for (let i = 0; i < game.dealtUnder(wing); i++) {
    cards.push(dealtFaceUp(game.layout, i) ? face(dealtCard(game.layout, wing, i)) : back());
    names.push(dealtFaceUp(game.layout, i) ? formatCard(dealtCard(game.layout, wing, i)) : '??');
  }
  for (let depth = height - 1; depth >= 0; depth--) {
    const card = game.wingCard(wing, depth);
    names.push(formatCard(card));
    const chosen = isSelected(pile) && selected!.count >= depth + 1 ? ' data-selected="true"' : '';
    cards.push(face(card, `data-count="${depth + 1}"${chosen}`));
  }
  const body = cards.length === 0 ? slot() : `<div class="cards">${cards.join('')}</div>`;
  return `<div class="wing target" data-pile="${pile}" data-wing="${wing + 1}" data-cards="${names.join(' ')}" tabindex="0" aria-label="wing ${wing + 1}"><span class="name">W${wing + 1}</span>${body}</div>`;
}

function drawTrunk(): string {
  const game = session.game;
  if (game.compiled.trunks > 1) return Array.from({ length: game.compiled.trunks }, (_, trunk) => drawOneOfTrunks(trunk)).join('');
  const left = game.trunkCount();
  if (left === 0) return `<div class="pile" data-pile="K">${slot()}<span>trunk empty</span></div>`;
  const inPlay = game.trunkCard();
  const chosen = isSelected('K') ? ' data-selected="true"' : '';
  let top: string;
  if (game.compiled.trunkFaceUp) {
    const cards: string[] = [];
    for (let i = 0; i < left; i++) cards.push(face(game.layout.deck[i], i === left - 1 ? `data-count="1"${chosen}` : ''));
    top = `<div class="cards trunk-cards">${cards.join('')}</div>`;
  } else top = inPlay === NO_CARD ? back() : face(inPlay, `data-count="1"${chosen}`);
  return `<div class="pile" data-pile="K" tabindex="0" aria-label="trunk">${top}<span>trunk ${left}</span></div>`;
}

/** RULES §10.15: trunk `trunk` (0-based) of several, K1 … K4: its cards, bottom first, face up or its top alone. */
function drawOneOfTrunks(trunk: number): string {
  const game = session.game;
  const pile = `K${trunk + 1}`;
  const left = game.trunkCountOf(trunk);
  if (left === 0) return `<div class="pile" data-pile="${pile}">${slot()}<span>${pile} empty</span></div>`;
  const chosen = isSelected(pile) ? ' data-selected="true"' : '';
  const start = game.trunkStart(trunk);
  let top: string;
  if (game.compiled.trunkFaceUp) {
    const cards: string[] = [];
    for (let i = 0; i < left; i++) cards.push(face(game.layout.deck[start + i], i === left - 1 ? `data-count="1"${chosen}` : ''));
    top = `<div class="cards trunk-cards">${cards.join('')}</div>`;
  } else top = face(game.trunkCardOf(trunk), `data-count="1"${chosen}`);
  return `<div class="pile" data-pile="${pile}" tabindex="0" aria-label="trunk ${trunk + 1}">${top}<span>${pile} ${left}</span></div>`;
}

/**
 * A click on the stock turns a card, so the stock's top card going straight into a space (SW, RULES §3.5)
 * is chosen by a button of its own, shown only when such a move is legal (a drag from the stock works too).
 */
function stockToSpace(): string {
  if (!session.legalMoves().some((move) => move.source === 'S')) return '';
  return `<button type="button" class="stock-card" data-pile="S*" data-count="1"${isSelected('S') ? ' data-selected="true"' : ''}>top card → a space</button>`;
}

function drawStockAndWaste(): string {
  const game = session.game;
  const waste = game.wasteTop();
  const chosen = isSelected('X') ? ' data-selected="true"' : '';
  const redeals = game.rules.redeals === 'unlimited' ? 'unlimited' : String(game.rules.redeals);
  return (
    `<div class="pile" data-pile="S" tabindex="0" aria-label="stock: turn a card">${game.stockCount() > 0 ? back(isSelected('S') ? 'data-selected="true"' : '') : slot()}<span>stock ${game.stockCount()}</span>${stockToSpace()}</div>` +
    `<div class="pile" data-pile="X" tabindex="0" aria-label="waste">${waste === NO_CARD ? slot() : face(waste, `data-count="1"${chosen}`)}<span>waste ${game.wasteCount()}</span></div>` +
    `<span>redeals used ${game.redealsUsed()} of ${redeals}</span>`
  );
}

function drawTable(): void {
  const game = session.game;
  byId('foundations').innerHTML = drawFoundations();
  // eight wings (or five to seven) take the eagle's shape, half each side of the trunk; four or fewer stand right of it, as in Canfield
  const leftCount = game.wings > 4 ? Math.ceil(game.wings / 2) : 0;
  const wings = Array.from({ length: game.wings }, (_, wing) => drawWing(wing));
  byId('left').innerHTML = wings.slice(0, leftCount).join('');
  byId('right').innerHTML = wings.slice(leftCount).join('');
  byId('trunk').innerHTML = drawTrunk();
  byId('stock-waste').innerHTML = drawStockAndWaste();
}

// ---- the moves so far ----

function drawMoves(): void {
  const steps = narrate(session.deck, data.rules, session.line(session.length), data.autodeal);
  const items: string[] = [];
  const fills = (index: number) =>
    steps[index].fills.map((fill) => `<li class="fill">${fill.from} → wing ${fill.wing}: ${formatCard(fill.card)}</li>`).join('');
  let index = 0;
  const jump = (position: number, label: string, kind: string) => {
    const state = position === session.position ? ' current' : position > session.position ? ' ahead' : '';
    const culprit = answerView.culprit === position ? ' culprit' : '';
    return `<li class="${kind}${state}${culprit}" data-position="${position}" tabindex="0">${label}</li>`;
  };
  items.push(jump(0, 'the deal', 'start'));
  if (session.openingTurn) items.push(`<li class="auto">PySolFC turns up ${formatCard(steps[index].move.card)}</li>${fills(index++)}`);
  session.history.forEach((step, number) => {
    const turned = steps[index].turned;
    items.push(jump(number + 1, `${number + 1}. ${describeMove(steps[index].move, turned)}`, 'move') + fills(index++));
    if (step.automatic) items.push(`<li class="auto">PySolFC turns up ${formatCard(steps[index].move.card)}</li>${fills(index++)}`);
  });
  const list = byId('moves');
  list.innerHTML = items.join('');
  list.querySelector('li.current')?.scrollIntoView({ block: 'nearest' });
  const line = session.lineText();
  byId<HTMLTextAreaElement>('line').value = line;
  const after = line === '' ? '' : ` --after "${line}"`;
  byId('command').textContent = `eaglewing solve ${data.cliDeal}${after}`;
}

/** What the last move made happen by itself, in words: the trunk's fills and PySolFC's turn. */
function automaticNews(): string {
  if (session.position === 0) return '';
  const steps = narrate(session.deck, data.rules, session.line(), data.autodeal);
  const step = session.history[session.position - 1];
  const own = steps.slice(steps.length - (step.automatic ? 2 : 1));
  const news: string[] = [];
  for (const entry of own) {
    if (entry.automatic) news.push(`PySolFC turned up ${formatCard(entry.move.card)}`);
    for (const fill of entry.fills) news.push(`the ${fill.from} filled wing ${fill.wing} with ${formatCard(fill.card)}`);
  }
  return news.length === 0 ? '' : `${news.join('; ')}.`;
}

// ---- playing ----

function say(text: string, kind: 'refused' | 'news' | '' = ''): void {
  const message = byId('message');
  message.textContent = text;
  message.dataset.kind = kind;
}

function moveFrom(source: Selection, target: PileId): Move | string {
  const from = source.pile;
  // K1 … K4: one of several trunks; FC … FS: a foundation's top card coming back (its card names it); DC … DS: the same
  // from a foundation down from the King (RULES §10.18), whose move is written from F too
  const numberedTrunk = from[0] === 'K' && from.length > 1 ? Number(from.slice(1)) : 0;
  const down = from[0] === 'D';
  const foundation = (from[0] === 'F' || down) && from.length > 1 ? SUITS.indexOf(from[1]) : -1;
  const to: Move['target'] = target[0] === 'F' ? 'F' : target[0] === 'D' ? 'D' : 'W';
  const move: Move = { source: from[0] === 'W' ? 'W' : down ? 'F' : (from[0] as Move['source']), fromWing: from[0] === 'W' ? Number(from.slice(1)) : 0, fromTrunk: numberedTrunk, target: to, toWing: target[0] === 'W' ? Number(target.slice(1)) : 0, count: 1, card: NO_CARD };
  if (foundation >= 0) {
    if (move.target !== 'W' && !session.game.compiled.upDown) return 'a foundation\'s card comes back onto a wing only';
    move.card = down ? session.game.foundationDownTop(foundation) : session.game.foundationTop(foundation);
  }
  if (source.count > 1) {
    // RULES §10.18: four of a rank go up together, from a wing
    if (move.target !== 'W' && !(session.game.compiled.fourOfARank && move.target === 'F')) return 'only a top card goes to a foundation, one at a time';
    move.count = source.count;
  }
  return move;
}

function attempt(move: Move | string): boolean {
  if (typeof move === 'string') {
    say(`Refused: ${move}.`, 'refused');
    return false;
  }
  const result = session.play(move);
  selected = null;
  if (!result.played) {
    say(`Refused: ${result.reason}.`, 'refused');
    draw();
    return false;
  }
  say(automaticNews(), 'news');
  changed();
  return true;
}

/** The stock clicked: a turn, or the redeal once it is empty. */
function turnOrRedeal(): void {
  const game = session.game;
  attempt(parseMove(game.stockCount() > 0 || game.wasteCount() === 0 ? 'T' : 'R'));
}

/** A pile clicked (or chosen with Enter): select a source, or play the selected cards there. */
function choose(pile: PileId, count: number, foundation = ''): void {
  const game = session.game;
  // RULES §10.16: with nothing chosen, a foundation's top card may be chosen to come back
  if ((pile === 'F' || pile === 'D') && selected === null && game.compiled.foundationBack && foundation !== '') pile = `${pile}${foundation}`;
  if (selected !== null && (pile === 'F' || pile === 'D' || pile[0] === 'W') && selected.pile !== pile) {
    attempt(moveFrom(selected, pile));
    return;
  }
  if (selected !== null && selected.pile === pile && (count === selected.count || pile[0] !== 'W')) {
    selected = null;
    say('');
    draw();
    return;
  }
  if (pile === 'S') {
    selected = null;
    turnOrRedeal();
    return;
  }
  if (pile === 'S*') {
    selected = { pile: 'S', count: 1 };
    say('Chosen: the stock\'s top card. Now choose the space it goes into.');
    draw();
    return;
  }
  const has =
    pile === 'X'
      ? game.wasteTop() !== NO_CARD
      : pile[0] === 'K'
        ? game.trunkCardOf(pile.length > 1 ? Number(pile.slice(1)) - 1 : 0) !== NO_CARD
        : pile[0] === 'W'
          ? game.wingHeight(Number(pile.slice(1)) - 1) > 0
          : pile[0] === 'F' && pile.length > 1
            ? game.foundationTop(SUITS.indexOf(pile[1])) !== NO_CARD
            : pile[0] === 'D' && pile.length > 1
              ? game.foundationDownTop(SUITS.indexOf(pile[1])) !== NO_CARD
              : false;
  if (!has) {
    say(pile === 'F' || pile === 'D' ? 'Foundation cards stay where they are: choose a card to play first.' : 'There is no card to take there.', 'refused');
    return;
  }
  selected = { pile, count: pile[0] === 'W' ? Math.max(1, count) : 1 };
  const where = pile === 'X' ? 'the waste' : pile === 'K' ? 'the trunk' : pile[0] === 'K' ? `trunk ${pile.slice(1)}` : pile[0] === 'F' ? `the ${SUIT_SIGNS[pile[1]]} foundation's top card` : pile[0] === 'D' ? `the ${SUIT_SIGNS[pile[1]]} foundation down's top card` : `wing ${pile.slice(1)}`;
  say(`Chosen: ${selected.count > 1 ? `${selected.count} cards of ` : ''}${where}. Now choose where it goes.`);
  draw();
}

/** The pile and card count an element of the table stands for (and for a foundation, its suit letter). */
function pileAt(element: Element | null): (Selection & { foundation: string }) | null {
  const pile = element?.closest<HTMLElement>('[data-pile]');
  if (!pile) return null;
  const card = element?.closest<HTMLElement>('[data-count]');
  return { pile: pile.dataset.pile!, count: card ? Number(card.dataset.count) : 1, foundation: pile.dataset.foundation ?? '' };
}

/** Clicks and drags share one path: a press and a release on the same pile is a click; on another, a drag. */
function listenToTable(): void {
  const table = byId('table');
  let pressed: (Selection & { foundation: string; x: number; y: number; card: Element | null }) | null = null;
  let moved = false;
  let ghost: HTMLElement | null = null;
  table.addEventListener('pointerdown', (event) => {
    const at = pileAt(event.target as Element);
    if (at === null || event.button !== 0) return;
    pressed = { ...at, x: event.clientX, y: event.clientY, card: (event.target as Element).closest('.card') };
    moved = false;
    event.preventDefault();
  });
  document.addEventListener('pointermove', (event) => {
    if (pressed === null || ((pressed.pile === 'F' || pressed.pile === 'D') && !session.game.compiled.foundationBack)) return;
    if (!moved && Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > 6) {
      moved = true;
      if (pressed.card !== null) {
        ghost = pressed.card.cloneNode(true) as HTMLElement;
        ghost.classList.add('ghost');
        document.body.append(ghost);
      }
    }
    if (ghost !== null) ghost.style.transform = `translate(${event.clientX - 22}px, ${event.clientY - 30}px)`;
  });
  document.addEventListener('pointerup', (event) => {
    if (pressed === null) return;
    const from = pressed;
    pressed = null;
    ghost?.remove();
    ghost = null;
    const to = pileAt(document.elementFromPoint(event.clientX, event.clientY));
    if (to === null) return;
    if (!moved || (to.pile === from.pile && to.foundation === from.foundation)) {
      choose(to.pile, to.count, to.foundation);
      return;
    }
    // a drag: from the card pressed to the pile it was let go on; the stock's card goes only into a space, a foundation's card (RULES §10.16) only onto a wing
    const source = from.pile === 'S*' ? 'S' : from.pile === 'F' || from.pile === 'D' ? `${from.pile}${from.foundation}` : from.pile;
    // under two foundations a suit (RULES §10.18) a foundation's card may also go over to the other
    if ((source[0] === 'F' || source[0] === 'D') && to.pile[0] !== 'W' && !session.game.compiled.upDown) return;
    if (source === 'S' && to.pile[0] !== 'W') return;
    if (to.pile === 'F' || to.pile === 'D' || to.pile[0] === 'W') attempt(moveFrom({ pile: source, count: from.count }, to.pile));
  });
  // the keyboard: a focused pile chosen with Enter or the space bar, as a click would
  table.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const at = pileAt(event.target as Element);
    if (at === null) return;
    event.preventDefault();
    choose(at.pile, at.count, at.foundation);
    (table.querySelector(`[data-pile="${at.pile}"]`) as HTMLElement | null)?.focus();
  });
}

// ---- the live answer ----

type AnswerState = 'searching' | 'winnable' | 'lost-now' | 'lost-deal' | 'lost' | 'unknown' | 'won' | 'off' | 'error';
/** What the answer box shows, and the step that lost the game when known. */
const answerView: { state: AnswerState; culprit: number; hint?: string } = { state: 'searching', culprit: -1 };
let answerOn = true;
let budget: Budget = { ...PAGE_BUDGET };
/** Verdicts met, by line: a position decided once is not searched again (an unknown only under a larger budget). */
const known = new Map<string, Answer & { budget: number }>();
let worker: Worker | null = null;
let busy = false;
let generation = 0;
let nextId = 1;
const workerUrl = URL.createObjectURL(new Blob([byId('worker-code').textContent ?? ''], { type: 'text/javascript' }));

/** Asks the worker about the position at `position`; a question still being searched is dropped with its worker, since a search cannot be interrupted. */
function ask(position: number, what: Question['ask'], then: (answer: Answer) => void): void {
  const line = session.lineText(position);
  const cached = known.get(line);
  if (what === 'verdict' && cached !== undefined && (cached.verdict !== 'unknown' || cached.budget >= budget.maxNodes) && cached.error === undefined) {
    document.body.dataset.answerMs = '0';
    then(cached);
    return;
  }
  if (busy && worker !== null) {
    worker.terminate();
    worker = null;
  }
  worker ??= new Worker(workerUrl);
  busy = true;
  const mine = generation;
  const started = performance.now();
  const question: Question = { id: nextId++, deal: data.deal, rules: data.rules, line, budget, ask: what };
  const asked = budget.maxNodes;
  worker.onmessage = (event: MessageEvent<Answer>) => {
    busy = false;
    const answer = event.data;
    document.body.dataset.answerMs = String(Math.round(performance.now() - started));
    // a position's verdict is kept for the walk back and for undo; a `moves` answer says more than is kept
    if (answer.error === undefined && what === 'verdict') known.set(line, { ...answer, budget: asked });
    if (mine === generation) then(answer);
  };
  worker.onerror = (event) => {
    busy = false;
    worker = null;
    if (mine === generation) showAnswer('error', `The solver failed: ${event.message} (a bug: please report it).`);
  };
  worker.postMessage(question);
}

function showAnswer(state: AnswerState, text: string): void {
  answerView.state = state;
  const box = byId('answer');
  box.textContent = text;
  box.dataset.state = state;
  document.body.dataset.answer = state;
  document.body.dataset.culprit = String(answerView.culprit);
  byId<HTMLButtonElement>('longer').hidden = state !== 'unknown' && !(state === 'lost' && answerView.culprit < 0);
  byId<HTMLButtonElement>('hint').hidden = state !== 'winnable';
  byId<HTMLButtonElement>('losing').hidden = state !== 'winnable' && state !== 'lost-now' && state !== 'lost' && state !== 'unknown';
}

const stopped = (answer: Answer) => `the ${limitName(answer.unknownReason)} (${budget.maxNodes.toLocaleString('en-US')} positions a search, a table of at most ${budget.memoryMegabytes} MB)`;

/** The answer for the current position, asked afresh at every move. */
function refreshAnswer(): void {
  generation++;
  answerView.culprit = -1;
  answerView.hint = undefined;
  byId('hint-text').textContent = '';
  byId('move-verdicts').innerHTML = '';
  if (!answerOn) return showAnswer('off', 'The live answer is off: you are playing blind.');
  if (session.isWon()) {
    document.body.dataset.answerMs = '0';
    return showAnswer('won', 'Won: all 52 cards are on the foundations.');
  }
  showAnswer('searching', 'Searching from this position…');
  const position = session.position;
  ask(position, 'verdict', (answer) => {
    if (answer.error !== undefined) return showAnswer('error', `The solver failed: ${answer.error} (a bug: please report it).`);
    if (answer.verdict === 'won') {
      answerView.hint = answer.hint;
      return showAnswer('winnable', `Winnable: a winning line of ${answer.solutionLength} moves from here.`);
    }
    if (answer.verdict === 'unknown') return showAnswer('unknown', `Not known within the budget: ${stopped(answer)} stopped the search.`);
    findCulprit(position - 1);
  });
}

/** The position is lost: asks the positions back along the game, latest first, for the last one still winnable. */
function findCulprit(back: number): void {
  if (back < 0) return showAnswer('lost-deal', 'Not winnable from the deal: no line from the deal wins (proved by a full search).');
  showAnswer('searching', `Lost from here (proved). Looking back for the move that lost it: position ${back}…`);
  ask(back, 'verdict', (answer) => {
    if (answer.error !== undefined) return showAnswer('error', `The solver failed: ${answer.error} (a bug: please report it).`);
    if (answer.verdict === 'lost') return findCulprit(back - 1);
    if (answer.verdict === 'unknown') return showAnswer('lost', `No longer winnable: no line from here wins (proved by a full search). Which move lost it is not known: at position ${back}, ${stopped(answer)} stopped the search.`);
    const step = session.history[back];
    answerView.culprit = back + 1;
    showAnswer('lost-now', `No longer winnable: move ${back + 1}, ${formatMove(step.move)} (${describeMove(step.move)}), lost it. Undo to before it to play on with a chance.`);
    drawMoves();
  });
}

/** A move as the page names it to the player: a turn without the card it would turn up, which the player has not seen. */
function unseen(token: string): Move {
  const move = parseMove(token);
  return move.source === 'T' ? { ...move, card: NO_CARD } : move;
}

function showHint(): void {
  if (answerView.hint === undefined) return;
  const move = unseen(answerView.hint);
  byId('hint-text').innerHTML = `Hint: <button type="button" class="play-move" data-move="${formatMove(move)}">${formatMove(move)}</button> ${describeMove(move)} keeps the game winnable.`;
}

function showMoveVerdicts(): void {
  const list = byId('move-verdicts');
  list.innerHTML = '<li>Judging every legal move…</li>';
  const mine = generation;
  ask(session.position, 'moves', (answer) => {
    if (mine !== generation) return;
    if (answer.error !== undefined) return showAnswer('error', `The solver failed: ${answer.error} (a bug: please report it).`);
    const words = { won: 'keeps the game winnable', lost: 'loses the game', unknown: 'unknown (a limit stopped the search)' };
    const moves = answer.moves ?? [];
    const losing = moves.filter((entry) => entry.verdict === 'lost').length;
    list.innerHTML =
      `<li>${losing} of ${moves.length} legal moves lose the game.</li>` +
      moves
        .map((entry) => {
          const move = unseen(entry.move);
          return `<li data-verdict="${entry.verdict}"><button type="button" class="play-move" data-move="${formatMove(move)}">${formatMove(move)}</button> ${describeMove(move)}: ${words[entry.verdict]}</li>`;
        })
        .join('');
  });
}

// ---- the page as a whole ----

function draw(): void {
  drawTable();
  drawMoves();
  document.body.dataset.position = String(session.position);
  document.body.dataset.length = String(session.length);
  document.body.dataset.won = String(session.isWon());
  document.body.dataset.game = session.fragment();
  byId<HTMLButtonElement>('undo').disabled = session.position === 0;
  byId<HTMLButtonElement>('redo').disabled = session.position === session.length;
}

/** After the position changed: draw it, keep it in the address, ask for the answer. */
function changed(): void {
  draw();
  history.replaceState(null, '', `#${session.fragment()}`);
  refreshAnswer();
}

function listenToControls(): void {
  byId('undo').addEventListener('click', () => session.undo() && (say(''), changed()));
  byId('redo').addEventListener('click', () => session.redo() && (say(''), changed()));
  byId('restart').addEventListener('click', () => {
    session.restart();
    say('Back to the deal.');
    changed();
  });
  byId<HTMLInputElement>('answer-on').addEventListener('change', (event) => {
    answerOn = (event.target as HTMLInputElement).checked;
    refreshAnswer();
  });
  byId('longer').addEventListener('click', () => {
    budget = { ...budget, maxNodes: budget.maxNodes * LONGER };
    refreshAnswer();
  });
  byId('hint').addEventListener('click', showHint);
  byId('losing').addEventListener('click', showMoveVerdicts);
  byId('moves').addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('li[data-position]');
    if (item === null) return;
    session.goTo(Number(item.dataset.position));
    say('');
    changed();
  });
  byId('moves').addEventListener('keydown', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('li[data-position]');
    if (item === null || event.key !== 'Enter') return;
    session.goTo(Number(item.dataset.position));
    changed();
    byId('moves').querySelector<HTMLElement>(`li[data-position="${item.dataset.position}"]`)?.focus();
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button.play-move');
    if (button !== null) attempt(parseMove(button.dataset.move!));
  });
  byId('type-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>('move-input');
    const result = session.playText(input.value);
    if (!result.played) return say(`Refused: ${result.reason}.`, 'refused');
    input.value = '';
    selected = null;
    say(automaticNews(), 'news');
    changed();
  });
  // undo and redo from anywhere but a text being typed; Escape drops a chosen card
  document.addEventListener('keydown', (event) => {
    const typing = (event.target as HTMLElement).id === 'move-input' && (event.target as HTMLInputElement).value !== '';
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 'z' && !typing) {
      event.preventDefault();
      if (event.shiftKey ? session.redo() : session.undo()) changed();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y' && !typing) {
      event.preventDefault();
      if (session.redo()) changed();
    } else if (event.key === 'Escape' && selected !== null) {
      selected = null;
      say('');
      draw();
    }
  });
}

function start(): void {
  byId('title').textContent = data.title;
  byId('subtitle').textContent = data.subtitle;
  const problem = location.hash.length > 1 ? session.restore(location.hash) : undefined;
  listenToTable();
  listenToControls();
  if (problem !== undefined) say(problem, 'refused');
  // an address edited or pasted in the same tab: the game it names, unless it is the one shown
  window.addEventListener('hashchange', () => {
    if (location.hash === `#${session.fragment()}`) return;
    const again = session.restore(location.hash);
    selected = null;
    say(again ?? '', again === undefined ? '' : 'refused');
    changed();
  });
  changed();
}

start();
