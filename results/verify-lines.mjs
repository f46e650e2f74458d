#!/usr/bin/env node
// Replays every won deal's line of a per-deal CSV (results/raw/…, written by `eaglewing sim`) in the independent verifier: each must win.
/*
Usage (after `npm run build`):

    node results/verify-lines.mjs PER_DEAL_CSV...

  e.g. node results/verify-lines.mjs results/raw/family-thoughtful-canfield.csv results/raw/family-thoughtful-canfield-pysol.csv

Each row's rules cell (the rules it was played under, with its numbering) is read back with the sim's own reader
(src/run/csv.ts readRulesCell), and must be one of the rules its file's run record (FILE.run.json, beside it) names;
each won row's deal is made again from its number (src/numbering/numbered.ts, as sim made it) and its `solution`
replayed by src/verify.ts, which shares no move code with the search. Prints one line a file (won rows, lines that
win); exits 1 if any line does not win, 2 on bad input.
*/
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const files = process.argv.slice(2);
const usage = (problem) => {
  console.error(`results/verify-lines.mjs: ${problem}\nusage: node results/verify-lines.mjs PER_DEAL_CSV...`);
  process.exit(2);
};
if (files.length === 0) usage('name at least one per-deal CSV');
const from = (path) => import(pathToFileURL(resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist', path)).href);
let dist;
try {
  dist = { ...(await from('run/csv.js')), ...(await from('notation.js')), ...(await from('verify.js')), ...(await from('numbering/numbered.js')), ...(await from('numbering/pysol.js')) };
} catch (error) {
  usage(`eaglewing is not built (run npm run build first): ${error.message}`);
}

let failures = 0;
for (const file of files) {
  if (!existsSync(file)) usage(`${file}: no such file`);
  let record;
  try {
    record = JSON.parse(readFileSync(`${file}.run.json`, 'utf8'));
  } catch (error) {
    usage(`${file}: no readable run record beside it (${error.message})`);
  }
  // the rules the run was made with: a row under any other does not belong to it
  const jobs = new Set((record.jobs ?? []).map((job) => job.rules));
  let rows;
  try {
    rows = dist.readDealRows(readFileSync(file, 'utf8'), file).rows;
  } catch (error) {
    usage(error.message);
  }
  let checked = 0;
  let won = 0;
  for (const row of rows) {
    checked++;
    if (!jobs.has(row.rules)) usage(`${file}: deal ${row.deal} was played under ${row.rules}, which its run record does not name`);
    if (row.result !== 'won') continue;
    won++;
    const { rules, numbering } = dist.readRulesCell(row.rules);
    const game = numbering === 'pysol' ? dist.pysolGameFor(row.preset, rules).id : undefined;
    const deck = dist.numberedDeck(numbering, row.deal, rules, game);
    const verdict = dist.verify(deck, rules, dist.parseMoveList(row.solution));
    if (verdict.status !== 'ok') {
      failures++;
      console.log(`${file}: deal ${row.deal}: the line does not win (${verdict.status}${verdict.reason ? `: ${verdict.reason}` : ''})`);
    }
  }
  console.log(`${file}: ${checked} rows, ${won} won, every won line checked`);
}
console.log(failures === 0 ? 'every line wins in the verifier' : `${failures} lines do not win`);
process.exitCode = failures === 0 ? 0 : 1;
