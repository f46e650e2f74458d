#!/usr/bin/env node
// Where a family search's positions lie: the keys its table holds after a solve of a Solvitaire seed or an eaglewing deal, counted by trunk cards, foundation cards and pass states.
/*
Usage (after `npm run build`):

    node bench/family-keys.mjs SEED [MAX_NODES] [PRESET]

  SEED       a Solvitaire seed (`--solvitaire SEED`) for sv-canfield and sv-canfield-strict; for any other
             Canfield family preset, eaglewing's deal number (`solve N --preset PRESET`)
  MAX_NODES  stop the search after this many positions (default 0: none, the default 256 MB table)
  PRESET     sv-canfield (default), sv-canfield-strict, or a Canfield family preset (RULES §10), with rule options as
             RuleSet fields if wanted: PRESET:FIELD=VALUE[:FIELD=VALUE…] (canfield:wingMoves=whole)

  e.g. node bench/family-keys.mjs 112 6000000
       node bench/family-keys.mjs 76 1000000 canfield

It solves the deal as `solve` does (the family's search, the default limits but the node limit), then
reads every key left in the family search's table (through solver/family/key.ts's readers: no key bits are read here) and prints:
the verdict and positions; the keys by cards left in the trunk and by cards on the foundations; the number of
(foundations, trunk) states; how the keys crowd into groups alike in all but the wings (the same first word:
foundations, trunk, and the stock's field, the waste top and redeals or the pass state; a group's keys differ in their
wings, and in which waste cards below the top are gone); and, for presets with unlimited redeals and a fixed turn (which take passes as cycles), how many layouts hold which pass states (
docs/solver.md "Rule F4", "Rule F5" and "Rule F7": b = the pass's start, 1 and 2 = mid-pass in that phase). Where the nodes go is
measured before choosing a change: this is the measure for a lost deal, whose table at the end is everything it searched.
*/
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const [seedText, maxText = '0', presetText = 'sv-canfield'] = args;
// PRESET:FIELD=VALUE[:FIELD=VALUE…] gives rule options as RuleSet fields, as bench/prune-check.mjs takes them (canfield:wingMoves=whole)
const [preset, ...options] = presetText.split(':');
const usage = (problem) => {
  console.error(`bench/family-keys.mjs: ${problem}\nusage: node bench/family-keys.mjs SEED [MAX_NODES] [PRESET]`);
  process.exit(2);
};
if (args.length > 3) usage(`at most three arguments, got ${args.length}`);
if (!/^\d+$/.test(seedText ?? '') || Number(seedText) > 2 ** 31 - 1) usage(`the seed or deal must be 0 to 2^31-1, got ${seedText}`);
if (!/^\d+$/.test(maxText)) usage(`MAX_NODES must be a whole number, got ${maxText}`);
const seeded = preset === 'sv-canfield' || preset === 'sv-canfield-strict';

const from = (path) => import(pathToFileURL(resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist', path)).href);
let dist;
try {
  dist = { ...(await from('numbering/solvitaire.js')), ...(await from('deal.js')), ...(await from('rules.js')), ...(await from('engine.js')), ...(await from('solver/family/search.js')), ...(await from('solver/family/key.js')), ...(await from('position.js')) };
} catch (error) {
  usage(`eaglewing is not built (run npm run build first): ${error.message}`);
}
if (typeof dist.FamilySearch?.prototype.forEachStoredKey !== 'function') usage('dist/ was built before this script (run npm run build first)');

// the family's search itself (not the Solver that hands deals to it), so that its table can be read after the solve
const solver = new dist.FamilySearch({ maxNodes: Number(maxText), timeLimitMs: 0, memoryMegabytes: 256, prune: true });
const family = dist.PRESETS.find((entry) => entry.name === preset);
if (!family || family.group === 'Eagle Wing') usage(`the preset must be sv-canfield, sv-canfield-strict or a Canfield family preset, got ${preset}`);
if (!seeded && Number(seedText) < 1) usage(`eaglewing's deals are numbered from 1, got ${seedText}`);
let rules;
try {
  rules = dist.resolveRules(preset, Object.fromEntries(options.map((option) => option.split('='))));
} catch (error) {
  usage(error.message);
}
const deck = seeded ? dist.canfieldDealFromSolvitaireSeed(Number(seedText)) : dist.dealFromNumberFor(Number(seedText), dist.dealShape(rules));
const result = solver.solve(new dist.Game(deck, rules));

const byTrunk = new Map();
const byFoundations = new Map();
const states = new Set();
// keys by their whole first word (foundations, trunk, and the stock's field: waste top and redeals, or the pass state):
// the keys of one group differ only in the wings, and in which waste cards up to its top are gone
const byFirstWord = new Map();
let trunkEmpty = 0;
const byPhases = new Map();
let keys = 0;
// RULES §10.19: a key of several decks keeps its trunk in word 0 and its foundations in the words after (key.ts)
const decks = rules.decks ?? 1;
solver.forEachStoredKey((words, at) => {
  const word0 = words[at];
  const trunk = decks > 1 ? dist.familyDecksKeyTrunkCount(word0) : dist.familyKeyTrunkCount(word0);
  const heights = decks > 1 ? dist.familyDecksKeyFoundations(words, at, decks) : dist.familyKeyFoundationHeights(word0);
  const up = decks > 1 ? dist.familyDecksKeyCardsUp(words, at, decks) : dist.heightsTotal(heights);
  keys++;
  byTrunk.set(trunk, (byTrunk.get(trunk) ?? 0) + 1);
  byFoundations.set(up, (byFoundations.get(up) ?? 0) + 1);
  states.add(`${heights},${trunk}`);
  // several decks: word 0 with the foundations' words (the stock's places lie in the words after, with the wings)
  const group = decks > 1 ? `${word0}:${heights}` : word0;
  byFirstWord.set(group, (byFirstWord.get(group) ?? 0) + 1);
  if (trunk === 0) trunkEmpty++;
  const phases = dist.familyKeyPassPhases(word0);
  byPhases.set(phases, (byPhases.get(phases) ?? 0) + 1);
});

const share = (count) => `${count} (${((100 * count) / keys).toFixed(1)}%)`;
const rows = (map) =>
  [...map]
    .sort((a, b) => a[0] - b[0])
    .map(([value, count]) => `  ${String(value).padStart(2)}: ${share(count)}`)
    .join('\n');
/** familyKeyPassPhases' answers (1 the pass's start, 2 phase 1, 4 phase 2, summed) as b, 1, 2 joined by +. */
const phaseName = (phases) => [[1, 'b'], [2, '1'], [4, '2']].filter(([part]) => phases % (2 * part) >= part).map(([, name]) => name).join('+') || 'none';

console.log(`${seeded ? 'seed' : 'deal'} ${seedText}, ${presetText}: ${result.result}${result.unknownReason ? ` (${result.unknownReason})` : ''}, ${result.nodes} positions, ${keys} keys in the table`);
console.log(`keys by cards left in the trunk:\n${rows(byTrunk)}`);
console.log(`keys by cards on the foundations:\n${rows(byFoundations)}`);
console.log(`(foundations, trunk) states: ${states.size}`);
// how the keys crowd into few first words: a group of thousands is one stock and foundations with the wings rearranged
const groups = [...byFirstWord.values()].sort((a, b) => b - a);
const topTen = groups.slice(0, 10).reduce((sum, count) => sum + count, 0);
console.log(
  `keys with the trunk empty: ${share(trunkEmpty)}\n` +
    `groups of keys alike in all but the wings (${decks > 1 ? "word 0: trunk, the stock's field; and the foundations' words; not the stock's places" : "first word: foundations, trunk, the stock's field"}): ${groups.length}; ` +
    `the largest ${groups.slice(0, 5).join(', ')}; the ten largest hold ${share(topTen)}; median ${groups[groups.length >> 1] ?? 0}`,
);
// the key holds pass states only under passes as cycles (unlimited redeals, a fixed turn: search.ts); elsewhere those bits
// are the waste top and the redeals used, and read as pass states they would say nothing
const compiled = dist.compileRules(rules);
if (compiled.redeals === dist.UNLIMITED_REDEALS && !compiled.turnShrinks && decks === 1) {
  console.log(
    `layouts by the pass states they hold:\n${[...byPhases]
      .sort((a, b) => a[0] - b[0])
      .map(([phases, count]) => `  ${phaseName(phases).padEnd(5)}: ${share(count)}`)
      .join('\n')}`,
  );
}
