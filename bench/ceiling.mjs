#!/usr/bin/env node
// The machine's own parallel ceiling: one solver process alone, then two independent ones side by side.
// Usage: node bench/ceiling.mjs [preset = coops] [deals = 40]   (prints deals/s and the ratio)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [preset = 'coops', deals = '40'] = process.argv.slice(2);
const self = fileURLToPath(import.meta.url);

if (process.env.EAGLEWING_CEILING_CHILD) {
  const { dealFromNumber } = await import('../dist/deal.js');
  const { Solver } = await import('../dist/solver/solver.js');
  const { resolveRules } = await import('../dist/rules.js');
  const rules = resolveRules(preset);
  const solver = new Solver();
  const started = performance.now();
  for (let number = 1; number <= Number(deals); number++) solver.solve(dealFromNumber(number), rules);
  console.log((Number(deals) / (performance.now() - started)) * 1000);
} else {
  const child = () =>
    new Promise((resolve) => {
      let out = '';
      const process_ = spawn(process.execPath, [self, preset, deals], { env: { ...process.env, EAGLEWING_CEILING_CHILD: '1' } });
      process_.stdout.on('data', (data) => (out += data));
      process_.on('exit', () => resolve(Number(out)));
    });
  const alone = await child();
  const [a, b] = await Promise.all([child(), child()]);
  console.log(`${preset}, deals 1-${deals}: one process ${alone.toFixed(2)} deals/s; two side by side ${a.toFixed(2)} + ${b.toFixed(2)} = ${(a + b).toFixed(2)} deals/s, ${((a + b) / alone).toFixed(2)}x`);
}
