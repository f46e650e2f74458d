#!/usr/bin/env node
// Pruning check from mid-game positions: random playouts of PySolFC's games, each position solved with the pruned and the pruning-free search; every verdict both reach must agree.
// Usage: node bench/position-check.mjs [positions per preset = 300] [presets = the family's] [max nodes per solve = 300000] [seed = 1]
// A preset may carry rule options as RuleSet fields, PRESET:FIELD=VALUE[:FIELD=VALUE…] (chameleon:wingMoves=whole), as
// bench/prune-check.mjs takes them.
// A lost deal's proof is often beyond the pruning-free search at any limit this machine can give, but a position
// deeper in the game is a smaller search: the playouts (a foundation play taken seven times in eight) stop after
// 10 to 89 moves, so both searches decide most positions, lost and won. Prints one line per preset, exits 1 on a disagreement.
import { Game, newEngineMoveList, toNotation } from '../dist/engine.js';
import { familyDealFromPysolNumber, plainPysolNumber } from '../dist/numbering/pysol.js';
import { PRESETS, resolveRules } from '../dist/rules.js';
import { Solver } from '../dist/solver/solver.js';

const count = Number(process.argv[2] ?? 300);
const presets = process.argv[3] ? process.argv[3].split(',') : PRESETS.filter((preset) => preset.group !== 'Eagle Wing').map((preset) => preset.name);
const maxNodes = Number(process.argv[4] ?? 300_000);
let seed = Number(process.argv[5] ?? 1) >>> 0;
/** A small deterministic generator (xorshift32): the same positions on every machine. */
const random = (n) => {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed % n;
};
let disagreements = 0;
const moves = newEngineMoveList();
for (const named of presets) {
  const [preset, ...options] = named.split(':');
  const rules = resolveRules(preset, Object.fromEntries(options.map((option) => option.split('='))));
  const pruned = new Solver({ prune: true, memoryMegabytes: 1024, maxNodes });
  const plain = new Solver({ prune: false, memoryMegabytes: 1024, maxNodes });
  const tally = { won: 0, lost: 0, unknown: 0, prunedNodes: 0, plainNodes: 0 };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const deal = 1 + random(20_000);
    const game = new Game(familyDealFromPysolNumber(preset.startsWith('sv-') ? 'canfield' : preset, plainPysolNumber(deal)), rules);
    const length = 10 + random(80);
    for (let step = 0; step < length; step++) {
      const legal = game.legalMoves(moves);
      if (legal === 0 || game.isWon()) break;
      const up = [];
      for (let m = 0; m < legal; m++) if (toNotation(moves[m]).target === 'F') up.push(moves[m]);
      game.apply(up.length > 0 && random(8) > 0 ? up[random(up.length)] : moves[random(legal)]);
    }
    if (game.isWon()) continue;
    const snapshot = game.snapshot();
    const a = pruned.solvePosition(game);
    game.restore(snapshot);
    const b = plain.solvePosition(game);
    tally.prunedNodes += a.nodes;
    tally.plainNodes += b.nodes;
    if (a.result === 'unknown' || b.result === 'unknown') tally.unknown++;
    else if (a.result !== b.result) {
      disagreements++;
      console.log(`DISAGREE ${named} position ${i} (game ${deal}, ${length} moves): pruned ${a.result}, pruning-free ${b.result}`);
    } else tally[a.result]++;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${named}: ${count} positions (at most ${maxNodes} nodes a solve): agree on ${tally.won} won + ${tally.lost} lost, ${tally.unknown} unknown; ` +
      `nodes pruned ${tally.prunedNodes} vs pruning-free ${tally.plainNodes}; ${seconds} s`,
  );
}
console.log(disagreements === 0 ? 'all verdicts agree' : `${disagreements} disagreements`);
process.exitCode = disagreements === 0 ? 0 : 1;
