#!/usr/bin/env node
// Two builds side by side: `eaglewing bench` of another checkout (built) and of this one, alternating, several rounds.
// Usage: node bench/versus.mjs OTHER_CHECKOUT [rounds = 3] [size = full]
// Each round runs the other build, then this one, then this one, then the other (A B B A), so that a machine
// drifting in speed slows both alike. Prints each preset's median nodes/s for both and the ratio this/other,
// Eagle Wing's presets and then the Canfield family's, and refuses to compare when either node signature
// differs (then the searches differ, and speed says little).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [other, rounds = '3', size = 'full'] = process.argv.slice(2);
if (!other) {
  console.error('usage: node bench/versus.mjs OTHER_CHECKOUT [rounds] [full|quick]');
  process.exit(2);
}
const builds = { other: join(other, 'bin', 'eaglewing.js'), this: fileURLToPath(new URL('../bin/eaglewing.js', import.meta.url)) };
const runs = { other: [], this: [] };
const bench = (name) => {
  const args = [builds[name], 'bench', '--json', ...(size === 'quick' ? ['--quick'] : [])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${name}: ${result.stderr}`);
  runs[name].push(JSON.parse(result.stdout));
};
for (let round = 0; round < Number(rounds); round++) {
  for (const name of ['other', 'this', 'this', 'other']) bench(name);
  process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
}
// both searches must be the same, Eagle Wing's and the Canfield family's: then only their speed differs
for (const field of ['signature', 'familySignature', 'typeSignature']) {
  // a build from before the Canfield type's section has no such signature (nor rows): compared where both have them
  if (runs.other[0][field] === undefined) continue;
  const signatures = new Set([...runs.other, ...runs.this].map((run) => run[field]));
  if (signatures.size !== 1) {
    console.log(`node signatures differ (${field}): other ${runs.other[0][field]}, this ${runs.this[0][field]}`);
    process.exit(1);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const type = runs.other[0].typeSignature === undefined ? '' : ` and Bench type (${size}): ${runs.this[0].typeSignature}`;
console.log(`Bench (${size}): ${runs.this[0].signature}, Bench family (${size}): ${runs.this[0].familySignature}${type} in both; ${runs.this.length} runs each, median nodes/s`);
console.log('preset              other       this        this/other');
for (const table of ['rows', 'family', 'type'].filter((name) => runs.other[0][name] !== undefined)) {
  for (const [index, row] of runs.this[0][table].entries()) {
    const a = median(runs.other.map((run) => run[table][index].nodesPerSecond));
    const b = median(runs.this.map((run) => run[table][index].nodesPerSecond));
    console.log(`${row.preset.padEnd(18)} ${String(a).padStart(10)}  ${String(b).padStart(10)}  ${(b / a).toFixed(3)}`);
  }
}
