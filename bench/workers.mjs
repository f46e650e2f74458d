#!/usr/bin/env node
// Worker speed-up: the same range with 1 and with 2 (or N) workers; prints deals/s for each and the ratio.
// Usage: node bench/workers.mjs [preset = coops] [deals = 200] [workers = 2] [first deal = 1] [rounds = 1]
// Each round times both counts in the order 1, N, N, 1 so that a machine drifting in speed during the round
// slows both counts alike; the round's speed-up compares the two times of each count summed. With several
// rounds the median speed-up is printed last.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [preset = 'coops', deals = '200', workers = '2', from = '1', rounds = '1'] = process.argv.slice(2);
const bin = fileURLToPath(new URL('../bin/eaglewing.js', import.meta.url));
const time = (count) => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, 'sim', '--preset', preset, '--deals', deals, '--from', from, '--workers', String(count), '--quiet', '--json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, summary: result.stdout.trim() };
};
const rate = (seconds) => (Number(deals) / seconds).toFixed(1);
const speedUps = [];
for (let round = 1; round <= Number(rounds); round++) {
  const runs = [time(1), time(Number(workers)), time(Number(workers)), time(1)];
  if (new Set(runs.map((run) => run.summary)).size !== 1) throw new Error('summaries differ between runs');
  const one = runs[0].seconds + runs[3].seconds;
  const many = runs[1].seconds + runs[2].seconds;
  speedUps.push(one / many);
  console.log(`${preset}, deals ${from}-${Number(from) + Number(deals) - 1}, round ${round}: 1 worker ${rate(one / 2)} deals/s, ${workers} workers ${rate(many / 2)} deals/s, speed-up ${(one / many).toFixed(2)}x`);
}
if (speedUps.length > 1) {
  const sorted = [...speedUps].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  console.log(`median speed-up over ${sorted.length} rounds: ${median.toFixed(2)}x (range ${sorted[0].toFixed(2)}-${sorted.at(-1).toFixed(2)}x)`);
}
