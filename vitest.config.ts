import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests in three tiers (vitest projects), each a list of files: `npm run test:unit`, `test:cli`, `test:slow`;
 * `npm test` builds and runs all three. A test file in no tier, or in two, stops every run here (below).
 */
const TIERS = {
  /** In this process: they import src/ and start no CLI, so they need no build. */
  unit: [
    'cards', 'clock', 'compound', 'deal', 'engine', 'engine-family', 'family-table', 'fixtures', 'layers', 'merge-pieces',
    'narrate', 'notation', 'perft-midgame', 'play-session', 'pysol-solutions', 'players', 'pysol', 'pysol-autodeal', 'pysol-family', 'rules',
    'rules-doc', 'scheduler', 'solver-limits', 'solver-pairs', 'solvitaire-deals', 'solvitaire-solutions', 'stuck', 'table',
    'verify', 'verify-family',
  ],
  /** They start the built program (bin/eaglewing.js, or a script of bench/ reading dist/): `npm run build` first. */
  cli: [
    'cli', 'fixed-base-deals', 'integrity', 'merge', 'outputs', 'play-cli', 'pysol-cli', 'questions', 'short-writes', 'show-family',
    'results-scripts', 'sim', 'sim-rate', 'solve-cli', 'solvitaire-cli', 'versus-solvitaire',
  ],
  /**
   * Long: the verdicts against a naive search's and Solvitaire's (whose seeds beyond a small node limit run with
   * EAGLEWING_SLOW=1, as CI does), shortening real solutions of 40 deals a preset, the cluster scripts (Slurm,
   * GNU parallel: they need root) and the page in a browser (Chromium). Some start the built program too.
   */
  slow: ['solver', 'solver-family', 'solver-oracles', 'shorten', 'solvitaire-verdicts', 'cluster', 'page.browser', 'play.browser', 'play-verdicts.browser'],
} as const;

const files = (tier: readonly string[]) => tier.map((name) => `test/${name}.test.ts`);
const tiered = Object.values(TIERS).flatMap(files);
const found = readdirSync(fileURLToPath(new URL('test', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/${name.replaceAll('\\', '/')}`);
const untiered = found.filter((file) => !tiered.includes(file));
const twice = tiered.filter((file, index) => tiered.indexOf(file) !== index);
const gone = tiered.filter((file) => !found.includes(file));
if (untiered.length + twice.length + gone.length > 0) {
  throw new Error(
    `vitest.config.ts: every test file belongs to exactly one tier (TIERS):${untiered.length ? ` in no tier: ${untiered.join(', ')};` : ''}` +
      `${twice.length ? ` in two: ${twice.join(', ')};` : ''}${gone.length ? ` listed but missing: ${gone.join(', ')};` : ''} add it to unit, cli or slow there`,
  );
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // one test file per core: vitest's default leaves one core idle (cores - 1), which on CI's two
    // cores ran the files one at a time, the long verdict tier (test/solvitaire-verdicts.test.ts) alone
    maxWorkers: '100%',
    // debug checks: compound moves assert that they keep all 52 cards (src/solver/compound.ts)
    env: { EAGLEWING_CHECKS: '1' },
    // fails the run when it leaves a new /tmp/eaglewing-* behind
    globalSetup: ['test/tmp-leftovers.ts'],
    // each project takes the options above (extends: true) and its own files
    projects: Object.entries(TIERS).map(([name, tier]) => ({ extends: true, test: { name, include: files(tier) } })),
  },
});
