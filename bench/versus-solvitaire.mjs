#!/usr/bin/env node
// eaglewing against Solvitaire on Solvitaire's own Canfield seeds: the same deals, one after the other, one thread each, one time limit.
/*
Usage (from the repository root, after `npm run build`; this script builds nothing):

    node bench/versus-solvitaire.mjs SOLVITAIRE GAME SEEDS SECONDS

  SOLVITAIRE  a Solvitaire binary (how to build one: below)
  GAME        canfield | canfield-strict: Solvitaire's --type; eaglewing plays its presets sv-canfield | sv-canfield-strict
  SEEDS       FROM-TO (both included) or one seed: Solvitaire's `--random SEED`, eaglewing's `--solvitaire SEED`
  SECONDS     the time limit per deal for both programs (Solvitaire's --timeout, in ms; eaglewing's time limit)

  e.g. node bench/versus-solvitaire.mjs /work/solvitaire-build/solvitaire canfield 0-199 60

For each seed it runs Solvitaire (`--type GAME --random SEED --classify --timeout MS`, its other options left at
their defaults: no streamliners, a cache of 10^8 states), then eaglewing on the same deal, and prints a line:
the seed, Solvitaire's verdict (won / lost / unknown), its wall time and its own search time in ms, then
eaglewing's verdict and time in ms. Then the per-deal time sums, the ratio
eaglewing / Solvitaire, the verdict tallies, and every disagreement (both decided, differently).

What is timed (nothing is subtracted):
- Solvitaire: the wall time of its process, from just before Node spawns it to its exit (performance.now around
  spawnSync): its start-up, rules and dealing, search, printing, and Node's cost of spawning a process. The `start-up`
  line gives the median wall time of `solvitaire --version` (the same spawning, no deal, no search) so that a reader
  can judge that part; it is not subtracted. Solvitaire's own "Time Taken" (its search alone, whole ms) is summed
  too, and a second ratio is printed against it.
- eaglewing: the library in dist/ in this one long-lived Node process (no Node start-up per deal, as the
  `eaglewing solve` command would cost): from the seed to the verdict, canfieldDealFromSolvitaireSeed then
  Solver.solve, by performance.now. One Solver serves every deal (as `solve --deals-file` does); the first deal
  pays for making its family search's table and for the JIT warming up. Replaying a win in eaglewing's verifier
  comes after the timing and is not timed.
Both are single-threaded (Solvitaire's --random solves on one thread; eaglewing's search runs on Node's main
thread). Run it on a quiet machine: the two programs alternate deal by deal, so a drift in speed hits both alike.

Why Node and not bash: eaglewing's side runs in-process (a Node process per deal would add ~0.1 s of start-up to
deals Solvitaire decides in a few ms), and Node times Solvitaire's processes itself.

Building Solvitaire (Debian 12: g++ 12.2, Boost 1.74; its CMakeLists.txt fetches googletest from the internet,
plain g++ on src/main needs nothing but Boost's program_options):

    apt-get install g++ libboost-program-options-dev
    git clone https://github.com/thecharlieblake/Solvitaire /tmp/Solvitaire-git
    mkdir -p /work/solvitaire-build && cd /work/solvitaire-build
    git -C /tmp/Solvitaire-git archive 2398305 src/main lib | tar -x
    g++ -std=c++14 -O2 -DNDEBUG -pthread -Ilib -Ilib/rapidjson $(find src/main -name '*.cpp' | sort) \
        -lboost_program_options -o solvitaire

Exit codes: 0 no disagreement; 1 a disagreement; 2 bad arguments; 3 a Solvitaire process that failed or printed
what this script does not understand, or an eaglewing win that does not replay in the verifier (each is listed).
*/
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Solvitaire's preset names and eaglewing's presets for the same game (RULES §10, the sv- presets). */
export const PRESETS = { canfield: 'sv-canfield', 'canfield-strict': 'sv-canfield-strict' };

/** Solvitaire's result names (solver.cpp, operator<< of result::type) as verdicts. */
const VERDICTS = { solved: 'won', unsolvable: 'lost', 'timed-out': 'unknown', 'memory-limit-reached': 'unknown', terminated: 'unknown' };

/**
 * One `--classify` line of Solvitaire without streamliners: "SEED, OUTCOME, MS, states searched, …, OUTCOME"
 * (main.cpp solve_game, solver.cpp print_result_csv). Returns { seed, verdict, outcome, ms } or undefined when the
 * line is not one.
 */
export function parseClassifyLine(line) {
  const fields = line.trim().split(/,\s*/);
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
  console.error(`${problem}\nusage: node bench/versus-solvitaire.mjs SOLVITAIRE canfield|canfield-strict FROM-TO SECONDS`);
  process.exit(2);
}

/** Runs Solvitaire on one seed; its wall time and what it said. */
function runSolvitaire(binary, game, seed, timeoutMs) {
  const args = ['--type', game, '--random', String(seed), '--classify', '--timeout', String(timeoutMs)];
  const started = performance.now();
  const run = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const wallMs = performance.now() - started;
  const lines = (run.stdout ?? '').split('\n').map(parseClassifyLine).filter(Boolean);
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
  if (!(game in PRESETS)) usage(`the game must be canfield or canfield-strict, got ${game}`);
  const seeds = parseSeeds(seedsText);
  if (!seeds) usage(`the seeds must be FROM-TO or one seed (0 to 2^31-1), got ${seedsText}`);
  const seconds = Number(secondsText);
  if (!/^\d+(\.\d+)?$/.test(secondsText) || !(seconds > 0)) usage(`the time limit must be a positive number of seconds, got ${secondsText}`);
  const limitMs = Math.round(seconds * 1000);

  let dist;
  try {
    dist = {
      ...(await import('../dist/numbering/solvitaire.js')),
      ...(await import('../dist/rules.js')),
      ...(await import('../dist/solver/solver.js')),
      ...(await import('../dist/verify.js')),
    };
  } catch (error) {
    usage(`eaglewing is not built (run npm run build first): ${error.message}`);
  }
  const rules = dist.resolveRules(PRESETS[game]);
  const solver = new dist.Solver({ timeLimitMs: limitMs });

  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const shown = /version: ([^)\s]+)/.exec(`${version.stdout}${version.stderr}`);
  const startups = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    spawnSync(binary, ['--version'], { encoding: 'utf8' });
    startups.push(performance.now() - started);
  }
  startups.sort((a, b) => a - b);
  console.log(`Solvitaire ${shown ? shown[1] : '(version not shown)'} --type ${game} vs eaglewing --preset ${PRESETS[game]}; seeds ${seeds[0]}-${seeds[1]}; time limit ${seconds} s a deal`);
  console.log(`start-up: solvitaire --version takes ${startups[2].toFixed(1)} ms wall (median of 5), inside each Solvitaire time below`);
  console.log('seed\tsolvitaire\twall ms\tits ms\teaglewing\tms');

  const sums = { solvitaireWall: 0, solvitaireOwn: 0, eaglewing: 0 };
  const tally = {};
  const disagreements = [];
  const failures = [];
  for (let seed = seeds[0]; seed <= seeds[1]; seed++) {
    const theirs = runSolvitaire(binary, game, seed, limitMs);
    const started = performance.now();
    const deck = dist.canfieldDealFromSolvitaireSeed(seed);
    const ours = solver.solve(deck, rules);
    const ourMs = performance.now() - started;
    if (ours.result === 'won' && dist.verify(deck, rules, ours.moves).status !== 'ok') failures.push(`seed ${seed}: eaglewing's win does not replay in its verifier`);
    if (theirs.verdict === 'failed') failures.push(`seed ${seed}: Solvitaire ${theirs.why}`);
    sums.solvitaireWall += theirs.wallMs;
    sums.solvitaireOwn += theirs.ms;
    sums.eaglewing += ourMs;
    const key = `Solvitaire ${theirs.verdict}, eaglewing ${ours.result}`;
    tally[key] = (tally[key] ?? 0) + 1;
    const decided = (verdict) => verdict === 'won' || verdict === 'lost';
    if (decided(theirs.verdict) && decided(ours.result) && theirs.verdict !== ours.result) disagreements.push(`seed ${seed}: Solvitaire ${theirs.verdict}, eaglewing ${ours.result}`);
    console.log(`${seed}\t${theirs.verdict.padEnd(10)}\t${theirs.wallMs.toFixed(1)}\t${theirs.ms}\t${ours.result.padEnd(9)}\t${ourMs.toFixed(1)}`);
  }

  const deals = seeds[1] - seeds[0] + 1;
  const perDeal = (ms) => `${(ms / 1000).toFixed(3)} s (${(ms / deals).toFixed(1)} ms a deal)`;
  console.log(`deals: ${deals}`);
  console.log(`Solvitaire, wall time of its processes: ${perDeal(sums.solvitaireWall)}`);
  console.log(`Solvitaire, its own search time:        ${perDeal(sums.solvitaireOwn)}`);
  console.log(`eaglewing, deal and solve in-process:   ${perDeal(sums.eaglewing)}`);
  console.log(`ratio eaglewing / Solvitaire: ${(sums.eaglewing / sums.solvitaireWall).toFixed(3)} (against its own search time: ${sums.solvitaireOwn > 0 ? (sums.eaglewing / sums.solvitaireOwn).toFixed(3) : 'n/a, it reported 0 ms'})`);
  for (const [key, count] of Object.entries(tally).sort()) console.log(`${key}: ${count}`);
  for (const line of failures) console.log(`FAILED ${line}`);
  for (const line of disagreements) console.log(`DISAGREE ${line}`);
  console.log(disagreements.length === 0 ? 'no disagreement' : `${disagreements.length} disagreement${disagreements.length === 1 ? '' : 's'}`);
  process.exitCode = failures.length > 0 ? 3 : disagreements.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
