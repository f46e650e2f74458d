#!/usr/bin/env node
// eaglewing against Solvitaire on Solvitaire's own Canfield seeds: the same deals, one after the other, one thread each, one time limit.
/*
Usage (from the repository root, after `npm run build`; this script builds nothing):

    node bench/versus-solvitaire.mjs SOLVITAIRE GAME DEALS SECONDS

  SOLVITAIRE  a Solvitaire binary (which one: below)
  GAME        one of GAMES (below): Solvitaire's own canfield | canfield-strict on its seeds, or a hard rule set
              (rainbow-whole, rainbow-group, chameleon-whole, chameleon-group, canfield-whole, canfield-group)
              on eaglewing's deals
  DEALS       FROM-TO (both included) or one number: Solvitaire's `--random SEED` and eaglewing's `--solvitaire
              SEED` for its own games; eaglewing's deal numbers (RULES §10.9) for the hard rule sets
  SECONDS     the time limit per deal for both programs (Solvitaire's --timeout, in ms; eaglewing's time limit)

  e.g. node bench/versus-solvitaire.mjs /work/solvitaire-build/solvitaire canfield 0-199 60
       node bench/versus-solvitaire.mjs /work/solvitaire-round/solvitaire rainbow-whole 1-100 30

For Solvitaire's own games it runs Solvitaire (`--type GAME --random SEED --classify --timeout MS`, its other
options left at their defaults: no streamliners, a cache of 10^8 states), then eaglewing on the same deal. For a
hard rule set it writes the rules as a Solvitaire rules file (`solvitaireRules`) and each deal as a Solvitaire deal
file (`solvitaireDeal`), both in a temporary directory removed at the end, and runs `--custom-rules FILE --classify
--timeout MS DEAL_FILE`. Then it prints a line: the deal, Solvitaire's verdict (won / lost / unknown), its wall time
and its own search time in ms, then eaglewing's verdict and time in ms. Then the per-deal time sums, the ratio
eaglewing / Solvitaire, the same over the deals Solvitaire decides (and how many of them eaglewing decides), the
verdict tallies, and every disagreement (both decided, differently).

The hard rule sets are PySolFC's Rainbow, Chameleon and Canfield (RULES §10) with the wing moves set to `whole`
(Solvitaire's "move built group": "whole-pile") or to `group` (its "yes"): PySolFC's own `single-or-whole` is a
rule Solvitaire has no word for. The rest of each rules file says the preset's rules in Solvitaire's words:
building in any suit or in alternate colours, a space filled from the reserve at once and from anywhere once the
reserve is empty ("auto-reserve-then-any"), one dealt base card, the stock turned one card a pass once (Rainbow,
Chameleon) or three cards a pass without limit (Canfield), a stacked reserve of 13 (12 for Chameleon).

Which Solvitaire: for its own games, Solvitaire as it is (github.com/thecharlieblake/Solvitaire, commit 2398305,
built from src/main with g++ and Boost's program_options). For the hard rule sets, the same source with three
changes, since PySolFC builds round the corner and Solvitaire does not:
- in `game_state::is_next_legal_card(pol, card a, card b)` (game_state.legal_moves.cpp), the rank test compares
  natural ranks round the corner, as eaglewing's `--wrap round` does (b's rank mod 13, plus one, is a's rank),
  instead of ranks relative to the foundations' base (`foundation_base_convert`);
- in `game_state::is_valid_auto_foundation_move` (game_state.dominance_moves.cpp), a move onto an empty
  foundation (the base rank's card) is never automatic: once a card can be built on the base rank's card, putting
  it up is no longer safe;
- in the same function, after its rank differences are counted, a card of the second rank from the base goes up
  automatically only when every foundation of the other colour (any-suit building: every other foundation) holds a
  card (`move_up_rank == 2 && other_rank_diff > 1`: not automatic), and one of the third rank, under red-black
  building, only when the other foundation of its own colour does (`move_up_rank == 3 && same_rank_diff > 2`).
  Round the corner a base-rank card may be wanted on a wing to hold a card of the last rank, so the second-rank
  card may be wanted to hold it, and the third-rank card to hold that; Solvitaire's rule counts on base-rank
  cards going straight up. Found on canfield-group's deal 2: with the first two changes alone Solvitaire calls it
  lost, while eaglewing wins it with a line its verifier replays; 88 moves into that line Solvitaire's automatic
  move puts the QH up while the JC, a base-rank card still in the waste, is to go on it, and with the third
  change Solvitaire wins from there and from the deal (docs/measurements.md, "2026-12-05: the hard rule sets
  against Solvitaire").
The script cannot see which build it was given; a plain Solvitaire on a hard rule set plays other rules, and its
verdicts differ (the disagreements say so).

What is timed (nothing is subtracted):
- Solvitaire: the wall time of its process, from just before Node spawns it to its exit (performance.now around
  spawnSync): its start-up, rules and dealing (or reading its two files), search, printing, and Node's cost of
  spawning a process. The `start-up` line gives the median wall time of `solvitaire --version` (the same
  spawning, no deal, no search) so that a reader can judge that part; it is not subtracted. Solvitaire's own
  "Time Taken" (its search alone, whole ms) is summed too, and a second ratio is printed against it.
- eaglewing: the library in dist/ in this one long-lived Node process (no Node start-up per deal, as the
  `eaglewing solve` command would cost): from the deal number to the verdict, the deck (Solvitaire's seed, or
  eaglewing's deal) then Solver.solve, by performance.now. One Solver serves every deal (as `solve --deals-file`
  does); the first deal pays for making its family search's table and for the JIT warming up. Writing Solvitaire's
  deal file, and replaying a win in eaglewing's verifier, come outside the timing.
Both are single-threaded (Solvitaire's --random solves on one thread; eaglewing's search runs on Node's main
thread). Run it on a quiet machine: the two programs alternate deal by deal, so a drift in speed hits both alike.

Why Node and not bash: eaglewing's side runs in-process (a Node process per deal would add ~0.1 s of start-up to
deals Solvitaire decides in a few ms), and Node times Solvitaire's processes itself.

Exit codes: 0 no disagreement; 1 a disagreement; 2 bad arguments; 3 a Solvitaire process that failed or printed
what this script does not understand, or an eaglewing win that does not replay in the verifier (each is listed).
*/
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The games: Solvitaire's own (`type`, its --type, on its seeds; eaglewing's sv- presets, RULES §10) and the hard
 * rule sets (a preset of RULES §10 with `wingMoves` set, on eaglewing's deals), each of three presets with each of
 * the two wing moves Solvitaire has a word for.
 */
export const GAMES = {
  canfield: { preset: 'sv-canfield', type: 'canfield' },
  'canfield-strict': { preset: 'sv-canfield-strict', type: 'canfield-strict' },
  ...Object.fromEntries(
    ['rainbow', 'chameleon', 'canfield'].flatMap((preset) => ['whole', 'group'].map((wingMoves) => [`${preset}-${wingMoves}`, { preset, wingMoves }])),
  ),
};

/** Solvitaire's "move built group" for eaglewing's wing moves, and its "build policy" for eaglewing's builds. */
const MOVE_BUILT_GROUP = { whole: 'whole-pile', group: 'yes' };
const BUILD_POLICY = { 'any-suit-down': 'any-suit', 'alt-colour-down': 'red-black' };

/**
 * A hard rule set's rules (a RuleSet, as resolveRules gives it) in Solvitaire's JSON rules format (rules_parser.cpp),
 * as its --custom-rules reads them: the tableau, reserve and stock sizes, the stock's turn and whether it is redealt,
 * read off the rules.
 */
export function solvitaireRules(rules) {
  return {
    'tableau piles': { count: rules.wings, 'build policy': BUILD_POLICY[rules.build], 'move built group': MOVE_BUILT_GROUP[rules.wingMoves], 'spaces policy': 'auto-reserve-then-any' },
    foundations: { 'initial cards': 'one', 'base card': 'random' },
    stock: { size: 52 - rules.trunk - rules.wings - 1, 'deal count': Number(rules.turn), redeal: rules.redeals !== 0 },
    reserve: { size: rules.trunk, stacked: true },
  };
}

/** Solvitaire's name of a card named as eaglewing names it (`TD` -> `10D`). */
const solvitaireCard = (name) => name.replace(/^T/, '10');

/**
 * A deal (eaglewing's card names, RULES §10.9's order: the trunk bottom to top, the wings, the base, the stock
 * top first) as a Solvitaire deal file (deal_parser.cpp's schema: the reserve, stock, waste and foundations as
 * flat lists): each pile bottom card first, as Solvitaire prints its own deals
 * (test/fixtures/solvitaire-canfield-deals.json), so the stock is reversed; the base card the one foundation card,
 * which is how Solvitaire learns the base rank of a random-base game (parse_foundations).
 */
export function solvitaireDeal(names, trunk, wings) {
  const base = names[trunk + wings];
  return {
    'tableau piles': names.slice(trunk, trunk + wings).map((name) => [solvitaireCard(name)]),
    reserve: names.slice(0, trunk).map(solvitaireCard),
    foundations: [solvitaireCard(base)],
    stock: names.slice(trunk + wings + 1).reverse().map(solvitaireCard),
    waste: [],
  };
}

/** Solvitaire's result names (solver.cpp, operator<< of result::type) as verdicts. */
const VERDICTS = { solved: 'won', unsolvable: 'lost', 'timed-out': 'unknown', 'memory-limit-reached': 'unknown', terminated: 'unknown' };

/**
 * One `--classify` line of Solvitaire without streamliners: "SEED, OUTCOME, MS, states searched, …, OUTCOME"
 * (main.cpp solve_game, solver.cpp print_result_csv; ", OUTCOME, …" for a deal read from a file, which `seed` then
 * numbers). Returns { seed, verdict, outcome, ms } or undefined when the line is not one.
 */
export function parseClassifyLine(line, seed) {
  // a deal read from a file has no seed, and the line starts with its comma: the deal's number stands in
  const fields = (seed !== undefined && line.startsWith(',') ? `${seed}${line}` : line).trim().split(/,\s*/);
  if (fields.length !== 13 || !/^\d+$/.test(fields[0]) || !/^\d+$/.test(fields[2])) return undefined;
  const outcome = fields[1];
  if (!(outcome in VERDICTS) || fields[12] !== outcome) return undefined;
  return { seed: Number(fields[0]), verdict: VERDICTS[outcome], outcome, ms: Number(fields[2]) };
}

/** "FROM-TO" or "SEED" -> [from, to], or undefined. */
export function parseSeeds(text) {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text ?? '');
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  return to >= from && to <= 2 ** 31 - 1 ? [from, to] : undefined;
}

function usage(problem) {
  console.error(`${problem}\nusage: node bench/versus-solvitaire.mjs SOLVITAIRE ${Object.keys(GAMES).join('|')} FROM-TO SECONDS`);
  process.exit(2);
}

/** Runs Solvitaire on one deal (`source`: its arguments for the deal and its rules); its wall time and what it said. */
function runSolvitaire(binary, source, seed, timeoutMs) {
  const args = [...source, '--classify', '--timeout', String(timeoutMs)];
  const started = performance.now();
  const run = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const wallMs = performance.now() - started;
  const lines = (run.stdout ?? '').split('\n').map((line) => parseClassifyLine(line, seed)).filter(Boolean);
  if (run.error || run.status !== 0 || lines.length !== 1 || lines[0].seed !== seed) {
    const why = run.error ? run.error.message : run.signal ? `killed by ${run.signal}` : `exit ${run.status}, printed ${JSON.stringify((run.stdout ?? '').trim().slice(0, 200))}`;
    return { verdict: 'failed', wallMs, ms: 0, why };
  }
  return { verdict: lines[0].verdict, wallMs, ms: lines[0].ms, outcome: lines[0].outcome };
}

async function main() {
  const [binary, game, seedsText, secondsText] = process.argv.slice(2);
  if (process.argv.length !== 6) usage('four arguments, please');
  if (!existsSync(binary)) usage(`no Solvitaire binary at ${binary}`);
  if (!Object.hasOwn(GAMES, game)) usage(`the game must be one of ${Object.keys(GAMES).join(', ')}, got ${game}`);
  const chosen = GAMES[game];
  const seeds = parseSeeds(seedsText);
  if (!seeds) usage(`the deals must be FROM-TO or one number (0 to 2^31-1), got ${seedsText}`);
  if (!chosen.type && seeds[0] < 1) usage(`eaglewing's deals are numbered from 1, got ${seedsText}`);
  const seconds = Number(secondsText);
  if (!/^\d+(\.\d+)?$/.test(secondsText) || !(seconds > 0)) usage(`the time limit must be a positive number of seconds, got ${secondsText}`);
  const limitMs = Math.round(seconds * 1000);

  let dist;
  try {
    dist = {
      ...(await import('../dist/cards.js')),
      ...(await import('../dist/deal.js')),
      ...(await import('../dist/numbering/solvitaire.js')),
      ...(await import('../dist/rules.js')),
      ...(await import('../dist/solver/solver.js')),
      ...(await import('../dist/verify.js')),
    };
  } catch (error) {
    usage(`eaglewing is not built (run npm run build first): ${error.message}`);
  }
  const rules = dist.resolveRules(chosen.preset, chosen.wingMoves ? { wingMoves: chosen.wingMoves } : {});
  const solver = new dist.Solver({ timeLimitMs: limitMs });
  // a hard rule set's rules file and deal files, removed at the end
  const room = chosen.type ? undefined : mkdtempSync(join(tmpdir(), 'versus-solvitaire-'));
  const rulesFile = room && join(room, 'rules.json');
  if (rulesFile) writeFileSync(rulesFile, JSON.stringify(solvitaireRules(rules)));
  if (room) process.once('SIGINT', () => { rmSync(room, { recursive: true, force: true }); process.exit(130); });
  const deckFor = (seed) => (chosen.type ? dist.canfieldDealFromSolvitaireSeed(seed) : dist.dealFromNumberFor(seed, dist.dealShape(rules)));
  const sourceFor = (seed, deck) => {
    if (chosen.type) return ['--type', chosen.type, '--random', String(seed)];
    const file = join(room, 'deal.json');
    writeFileSync(file, JSON.stringify(solvitaireDeal(Array.from(deck, dist.formatCard), rules.trunk, rules.wings)));
    return ['--custom-rules', rulesFile, file];
  };
  const ruleText = chosen.type ? `--type ${game}` : `${game} (--custom-rules)`;
  const ourText = `--preset ${chosen.preset}${chosen.wingMoves ? ` --wing-moves ${chosen.wingMoves}` : ''}`;
  const dealText = chosen.type ? 'seeds' : "eaglewing's deals";

  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const shown = /version: ([^)\s]+)/.exec(`${version.stdout}${version.stderr}`);
  const startups = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    spawnSync(binary, ['--version'], { encoding: 'utf8' });
    startups.push(performance.now() - started);
  }
  startups.sort((a, b) => a - b);
  console.log(`Solvitaire ${shown ? shown[1] : '(version not shown)'} ${ruleText} vs eaglewing ${ourText}; ${dealText} ${seeds[0]}-${seeds[1]}; time limit ${seconds} s a deal`);
  console.log(`start-up: solvitaire --version takes ${startups[2].toFixed(1)} ms wall (median of 5), inside each Solvitaire time below`);
  const word = chosen.type ? 'seed' : 'deal';
  console.log(`${word}\tsolvitaire\twall ms\tits ms\teaglewing\tms`);

  const sums = { solvitaireWall: 0, solvitaireOwn: 0, eaglewing: 0 };
  // the same sums over the deals Solvitaire decides (issue 48's measure on the hard rule sets)
  const decidedSums = { deals: 0, solvitaireWall: 0, eaglewing: 0, eaglewingDecided: 0 };
  const tally = {};
  const disagreements = [];
  const failures = [];
  for (let seed = seeds[0]; seed <= seeds[1]; seed++) {
    const theirs = runSolvitaire(binary, sourceFor(seed, deckFor(seed)), seed, limitMs);
    const started = performance.now();
    const deck = deckFor(seed);
    const ours = solver.solve(deck, rules);
    const ourMs = performance.now() - started;
    if (ours.result === 'won' && dist.verify(deck, rules, ours.moves).status !== 'ok') failures.push(`${word} ${seed}: eaglewing's win does not replay in its verifier`);
    if (theirs.verdict === 'failed') failures.push(`${word} ${seed}: Solvitaire ${theirs.why}`);
    sums.solvitaireWall += theirs.wallMs;
    sums.solvitaireOwn += theirs.ms;
    sums.eaglewing += ourMs;
    const key = `Solvitaire ${theirs.verdict}, eaglewing ${ours.result}`;
    tally[key] = (tally[key] ?? 0) + 1;
    const decided = (verdict) => verdict === 'won' || verdict === 'lost';
    if (decided(theirs.verdict)) {
      decidedSums.deals++;
      decidedSums.solvitaireWall += theirs.wallMs;
      decidedSums.eaglewing += ourMs;
      if (decided(ours.result)) decidedSums.eaglewingDecided++;
    }
    if (decided(theirs.verdict) && decided(ours.result) && theirs.verdict !== ours.result) disagreements.push(`${word} ${seed}: Solvitaire ${theirs.verdict}, eaglewing ${ours.result}`);
    console.log(`${seed}\t${theirs.verdict.padEnd(10)}\t${theirs.wallMs.toFixed(1)}\t${theirs.ms}\t${ours.result.padEnd(9)}\t${ourMs.toFixed(1)}`);
  }
  if (room) rmSync(room, { recursive: true, force: true });

  const deals = seeds[1] - seeds[0] + 1;
  const perDeal = (ms) => `${(ms / 1000).toFixed(3)} s (${(ms / deals).toFixed(1)} ms a deal)`;
  console.log(`deals: ${deals}`);
  console.log(`Solvitaire, wall time of its processes: ${perDeal(sums.solvitaireWall)}`);
  console.log(`Solvitaire, its own search time:        ${perDeal(sums.solvitaireOwn)}`);
  console.log(`eaglewing, deal and solve in-process:   ${perDeal(sums.eaglewing)}`);
  console.log(`ratio eaglewing / Solvitaire: ${(sums.eaglewing / sums.solvitaireWall).toFixed(3)} (against its own search time: ${sums.solvitaireOwn > 0 ? (sums.eaglewing / sums.solvitaireOwn).toFixed(3) : 'n/a, it reported 0 ms'})`);
  const ratio = (ours, theirs) => (theirs > 0 ? (ours / theirs).toFixed(3) : 'n/a');
  console.log(
    `on the ${decidedSums.deals} deal${decidedSums.deals === 1 ? '' : 's'} Solvitaire decides: Solvitaire ${(decidedSums.solvitaireWall / 1000).toFixed(3)} s, eaglewing ${(decidedSums.eaglewing / 1000).toFixed(3)} s (decides ${decidedSums.eaglewingDecided}), ratio ${ratio(decidedSums.eaglewing, decidedSums.solvitaireWall)}`,
  );
  for (const [key, count] of Object.entries(tally).sort()) console.log(`${key}: ${count}`);
  for (const line of failures) console.log(`FAILED ${line}`);
  for (const line of disagreements) console.log(`DISAGREE ${line}`);
  console.log(disagreements.length === 0 ? 'no disagreement' : `${disagreements.length} disagreement${disagreements.length === 1 ? '' : 's'}`);
  process.exitCode = failures.length > 0 ? 3 : disagreements.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
