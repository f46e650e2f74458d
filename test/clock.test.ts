// The search's clock (solver/clock.ts): a watcher is told how a search goes at every 1,024 positions, changes nothing it does, and shows on a terminal only (progress.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealFromNumber } from '../src/deal.js';
import { canfieldDealFromSolvitaireSeed } from '../src/numbering/solvitaire.js';
import { searchLine, searchProgress } from '../src/progress.js';
import { resolveRules } from '../src/rules.js';
import { Solver } from '../src/solver/solver.js';

/** The deal and rules of each search the clock runs in: the family search (Solvitaire's seed 121, lost) and Eagle Wing's (deal 16014 under pysol with a 5-card trunk and no redeal, won after a long search). */
const SEARCHES = [
  { name: 'sv-canfield seed 121', deck: () => canfieldDealFromSolvitaireSeed(121), rules: resolveRules('sv-canfield') },
  { name: 'pysol deal 16014', deck: () => dealFromNumber(16014), rules: { ...resolveRules('pysol'), trunk: 5, redeals: 0 } },
];

describe('the search clock', () => {
  it.each(SEARCHES)('$name: a watcher told at every 1,024 positions changes nothing the search does', ({ deck, rules }) => {
    const plain = new Solver({ maxNodes: 30_000 }).solve(deck(), rules);
    const told: number[] = [];
    const watched = new Solver({ maxNodes: 30_000 });
    watched.watch((nodes) => told.push(nodes), 0);
    const result = watched.solve(deck(), rules);
    expect({ result: result.result, nodes: result.nodes, moves: result.moves }).toEqual({ result: plain.result, nodes: plain.nodes, moves: plain.moves });
    // every multiple of 1,024 up to the last position stored, in order (a search as long as this one stores that many)
    expect(result.nodes).toBeGreaterThan(4 * 1024);
    expect(told).toEqual(Array.from({ length: Math.floor((result.nodes - 1) / 1024) }, (_, i) => 1024 * (i + 1)));
    // told no more, once no one watches
    watched.watch(undefined, 0);
    told.length = 0;
    watched.solve(deck(), rules);
    expect(told).toEqual([]);
  });
  it('a watcher is told once its interval has passed, not before', () => {
    const { deck, rules } = SEARCHES[0];
    const told: number[] = [];
    const solver = new Solver({ maxNodes: 30_000 });
    solver.watch((_nodes, ms) => told.push(ms), 3_600_000);
    solver.solve(deck(), rules);
    expect(told).toEqual([]);
  });
});

describe("a solve's progress line (progress.ts)", () => {
  afterEach(() => vi.restoreAllMocks());
  it('reads as positions and time', () => {
    expect(searchLine(1_234_567, 83_000)).toBe('searching: 1,234,567 positions, 1m23s');
    expect(searchLine(2048, 1500)).toBe('searching: 2,048 positions, 2s');
  });
  it('on a terminal keeps one line up to date and clears it; off a terminal writes nothing', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const wasTTY = process.stderr.isTTY;
    try {
      Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
      const shown = searchProgress();
      expect(shown.everyMs).toBeGreaterThan(0);
      shown.watcher?.(1024, 1000);
      shown.watcher?.(2048, 2000);
      shown.done();
      expect(written).toEqual(['\rsearching: 1,024 positions, 1s\x1b[K', '\rsearching: 2,048 positions, 2s\x1b[K', '\r\x1b[K']);
      written.length = 0;
      // a search too short to be shown leaves nothing to clear
      searchProgress().done();
      Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
      const hidden = searchProgress();
      expect(hidden.watcher).toBeUndefined();
      hidden.done();
      expect(written).toEqual([]);
    } finally {
      Object.defineProperty(process.stderr, 'isTTY', { value: wasTTY, configurable: true });
    }
  });
});
