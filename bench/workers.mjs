#!/usr/bin/env node
// Worker speed-up: the same range with 1 and with 2 (or N) workers; prints deals/s for each and the ratio.
// Usage: node bench/workers.mjs [preset = coops] [deals = 200] [workers = 2] [first deal = 1]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [preset = 'coops', deals = '200', workers = '2', from = '1'] = process.argv.slice(2);
const bin = fileURLToPath(new URL('../bin/eaglewing.js', import.meta.url));
const time = (count) => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [bin, 'sim', '--preset', preset, '--deals', deals, '--from', from, '--workers', String(count), '--quiet', '--json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, summary: result.stdout.trim() };
};
const one = time(1);
const many = time(Number(workers));
if (one.summary !== many.summary) throw new Error('summaries differ between worker counts');
const rate = (run) => (Number(deals) / run.seconds).toFixed(1);
console.log(`${preset}, deals ${from}-${Number(from) + Number(deals) - 1}: 1 worker ${rate(one)} deals/s, ${workers} workers ${rate(many)} deals/s, speed-up ${(one.seconds / many.seconds).toFixed(2)}x`);
