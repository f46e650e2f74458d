#!/usr/bin/env node
// Pruning check: solves deals with the pruned search and with --no-prune; every verdict must agree.
// Usage: node bench/prune-check.mjs [deals per preset = 2000] [presets = all] [first deal = 1] [max nodes per solve = 0, none]
// A preset may carry rule options as RuleSet fields, PRESET:FIELD=VALUE[:FIELD=VALUE…] (canfield:wingMoves=whole): the
// deals are still the preset's.
// Eagle Wing's presets play the engine's deals 1…N; the Canfield family's play PySolFC's games 1…N (the
// sv-* presets deal as its Canfield). A deal either search leaves unknown (at the node limit) is counted apart, and
// those the pruned search leaves unknown, whatever the pruning-free one does, are said too (what a sim run counts).
// Prints one line per preset and exits 1 on any disagreement.
import { dealFromNumber } from '../dist/deal.js';
import { familyDealFromPysolNumber, plainPysolNumber } from '../dist/numbering/pysol.js';
import { EAGLE_WING_PRESETS, PRESET_NAMES, resolveRules } from '../dist/rules.js';
import { Solver } from '../dist/solver/solver.js';

const count = Number(process.argv[2] ?? 2000);
const presets = process.argv[3] ? process.argv[3].split(',') : PRESET_NAMES;
const first = Number(process.argv[4] ?? 1);
const maxNodes = Number(process.argv[5] ?? 0);
const dealOf = (preset, number) =>
  EAGLE_WING_PRESETS.includes(preset) ? dealFromNumber(number) : familyDealFromPysolNumber(preset.startsWith('sv-') ? 'canfield' : preset, plainPysolNumber(number));
let disagreements = 0;
for (const named of presets) {
  const [preset, ...options] = named.split(':');
  const rules = resolveRules(preset, Object.fromEntries(options.map((option) => option.split('='))));
  const pruned = new Solver({ prune: true, memoryMegabytes: 1024, maxNodes });
  const plain = new Solver({ prune: false, memoryMegabytes: 1024, maxNodes });
  // unknown: either search left the deal so (no comparison); prunedUnknown: the pruned search did (as a sim run would count it)
  const tally = { won: 0, lost: 0, unknown: 0, prunedUnknown: 0, prunedNodes: 0, plainNodes: 0 };
  const started = performance.now();
  for (let number = first; number < first + count; number++) {
    const deck = dealOf(preset, number);
    const a = pruned.solve(deck, rules);
    const b = plain.solve(deck, rules);
    tally.prunedNodes += a.nodes;
    tally.plainNodes += b.nodes;
    if (a.result === 'unknown') tally.prunedUnknown++;
    if (a.result === 'unknown' || b.result === 'unknown') tally.unknown++;
    else if (a.result !== b.result) {
      disagreements++;
      console.log(`DISAGREE ${named} deal ${number}: pruned ${a.result}, pruning-free ${b.result}`);
    } else tally[a.result]++;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${named}: ${EAGLE_WING_PRESETS.includes(preset) ? 'deals' : 'PySolFC games'} ${first}-${first + count - 1}${maxNodes > 0 ? ` (at most ${maxNodes} nodes a solve)` : ''}: agree on ${tally.won} won + ${tally.lost} lost, ${tally.unknown} unknown to either (${tally.prunedUnknown} to the pruned search); ` +
      `nodes pruned ${tally.prunedNodes} vs pruning-free ${tally.plainNodes}; ${seconds} s`,
  );
}
console.log(disagreements === 0 ? 'all verdicts agree' : `${disagreements} disagreements`);
process.exitCode = disagreements === 0 ? 0 : 1;
