import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // debug checks: compound moves assert that they keep all 52 cards (src/solver/compound.ts)
    env: { EAGLEWING_CHECKS: '1' },
  },
});
