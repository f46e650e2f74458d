#!/usr/bin/env node
// Walk schedules side by side: a family preset's deals solved under each schedule given (docs/solver.md "Walks"), the verdicts tallied.
/*
Usage (after `npm run build`):

    node bench/walk-schedule.mjs PRESET DEALS MAX_NODES SCHEDULE...

  PRESET     a Canfield-family preset (RULES §10)
  DEALS      the engine's deal numbers: FROM-TO, or several joined by commas (1-30,41)
  MAX_NODES  each solve's node limit
  SCHEDULE   FIRST:TURN:MIN:WALKS, the fields of WalkSchedule (src/solver/walks.ts); the one every search uses is
             50000:10000:1000:256

  e.g. node bench/walk-schedule.mjs rainbow 1-30 1000000 50000:10000:1000:256 50000:40000:1000:16

Prints one line a schedule: the tally, the positions summed over the deals, the seconds, and each deal's verdict
(w, l, u; uD where the line hit the path cap). A schedule changes mostly how soon a won deal is found: a lost deal
stores nearly the same positions in any order (not exactly: rules F6 and F7 are asked where the walk that first
stores a position stands, so a lost deal may need a few more or fewer), and every verdict reached is the same
whatever the schedule.
*/
import { Game } from '../dist/engine.js';
import { numberedDeck } from '../dist/numbering/numbered.js';
import { resolveRules } from '../dist/rules.js';
import { FamilySearch } from '../dist/solver/family/search.js';
import { WALK_SCHEDULE } from '../dist/solver/walks.js';

const [preset, dealsText, maxNodesText, ...schedules] = process.argv.slice(2);
const usage = (problem) => {
  console.error(`bench/walk-schedule.mjs: ${problem}\nusage: node bench/walk-schedule.mjs PRESET DEALS MAX_NODES FIRST:TURN:MIN:WALKS...`);
  process.exit(2);
};
if (schedules.length === 0) usage('give a preset, the deals, a node limit and at least one schedule');
const rules = resolveRules(preset);
const deals = dealsText.split(',').flatMap((range) => {
  const [from, to = from] = range.split('-').map(Number);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) usage(`deals must be FROM-TO ranges, got ${range}`);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
});
const maxNodes = Number(maxNodesText);
if (!Number.isInteger(maxNodes) || maxNodes < 1) usage(`the node limit must be a whole number, got ${maxNodesText}`);
for (const text of schedules) {
  const fields = text.split(':').map(Number);
  if (fields.length !== 4 || fields.some((field) => !Number.isInteger(field) || field < 1)) usage(`a schedule is four whole numbers FIRST:TURN:MIN:WALKS, got ${text}`);
  const [firstTurn, turn, minTurn, maxWalks] = fields;
  const search = new FamilySearch({ prune: true, memoryMegabytes: 1024, maxNodes, timeLimitMs: 0 }, { ...WALK_SCHEDULE, firstTurn, turn, minTurn, maxWalks });
  const tally = { won: 0, lost: 0, unknown: 0 };
  let nodes = 0;
  const verdicts = [];
  const started = performance.now();
  for (const deal of deals) {
    const result = search.solve(new Game(numberedDeck('eaglewing', deal, rules, undefined), rules));
    tally[result.result]++;
    nodes += result.nodes;
    verdicts.push(`${deal}:${result.result[0]}${result.unknownReason === 'depth' ? 'D' : ''}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${preset} ${text}: won ${tally.won}, lost ${tally.lost}, unknown ${tally.unknown}; ${nodes} positions; ${seconds} s  ${verdicts.join(' ')}`);
}
