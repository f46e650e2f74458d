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
/** The presets of a section's rows, joined: two builds whose sections hold other games compare the games both have. */
const presetsOf = (run, table) => (run[table] ?? []).map((row) => row.preset).join(',');
const sameGames = presetsOf(runs.other[0], 'type') === presetsOf(runs.this[0], 'type');
for (const field of ['signature', 'familySignature', 'typeSignature', 'decksSignature']) {
  // a build from before the Canfield type's section has no such signature (nor rows): compared where both have them
  if (runs.other[0][field] === undefined) continue;
  // a section with games added (or taken out): its rows of the games both have must count the same nodes
  if (field === 'typeSignature' && !sameGames) {
    for (const row of runs.other[0].type) {
      const twin = runs.this[0].type.find((candidate) => candidate.preset === row.preset);
      if (twin !== undefined && twin.nodes !== row.nodes) {
        console.log(`node counts differ (${row.preset}): other ${row.nodes}, this ${twin.nodes}`);
        process.exit(1);
      }
    }
    continue;
  }
  const signatures = new Set([...runs.other, ...runs.this].map((run) => run[field]));
  if (signatures.size !== 1) {
    console.log(`node signatures differ (${field}): other ${runs.other[0][field]}, this ${runs.this[0][field]}`);
    process.exit(1);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const type = runs.other[0].typeSignature === undefined ? '' : sameGames ? ` and Bench type (${size}): ${runs.this[0].typeSignature}` : ' and the Canfield type\'s games both have';
console.log(`Bench (${size}): ${runs.this[0].signature}, Bench family (${size}): ${runs.this[0].familySignature}${type} in both; ${runs.this.length} runs each, median nodes/s`);
console.log('preset              other       this        this/other');
for (const table of ['rows', 'family', 'type'].filter((name) => runs.other[0][name] !== undefined)) {
  for (const row of runs.this[0][table]) {
    // rows by preset name: a section may have games the other build has not
    const rowOf = (run) => run[table].find((candidate) => candidate.preset === row.preset);
    if (rowOf(runs.other[0]) === undefined) continue;
    const a = median(runs.other.map((run) => rowOf(run).nodesPerSecond));
    const b = median(runs.this.map((run) => rowOf(run).nodesPerSecond));
    console.log(`${row.preset.padEnd(18)} ${String(a).padStart(10)}  ${String(b).padStart(10)}  ${(b / a).toFixed(3)}`);
  }
}
