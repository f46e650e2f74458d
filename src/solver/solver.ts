// The solver's one face: Solver hands a deal to Eagle Wing's search or the family's by its rules, with one budget and clock for both.
import type { Deck } from '../deal.js';
import { Game } from '../engine.js';
import { dealLayout } from '../layout.js';
import * as P from '../position.js';
import { compileRules, type RuleSet } from '../rules.js';
import { SearchClock, type SearchWatcher } from './clock.js';
import { EagleSearch } from './eagle/search.js';
import { FamilySearch } from './family/search.js';
import { WALK_SCHEDULE, type WalkSchedule } from './walks.js';
import { DEFAULT_SOLVER_OPTIONS, SearchBudget, type SolveResult, type SolverOptions } from './frame.js';

export { DEFAULT_SOLVER_OPTIONS, MAX_DEPTH, type SolveLimits, type SolveResult, type SolverOptions, type UnknownReason, type Verdict } from './frame.js';
export type { SearchWatcher } from './clock.js';

/**
 * Solves deals and positions under any rules: Eagle Wing's shape (CompiledRules.eagleWing) by its
 * compound-move search (eagle/), the rest of the Canfield family by the family's search (family/).
 * Each keeps its table from solve to solve and clears it per solve, so a solve's verdict and node
 * count do not depend on what was solved before (test/solver-pairs.test.ts).
 */
export class Solver {
  readonly options: SolverOptions;
  /** The limits and the clock of every search, whichever path runs it. */
  private readonly budget = new SearchBudget(new SearchClock());
  private readonly eagle: EagleSearch;
  private family: FamilySearch | undefined;

  /** `schedule`: when the walks of either search take turns (walks.ts); tests shorten it to make many walks on small deals. */
  constructor(options: Partial<SolverOptions> = {}, private readonly schedule: WalkSchedule = WALK_SCHEDULE) {
    this.options = { ...DEFAULT_SOLVER_OPTIONS, ...options };
    this.eagle = new EagleSearch(this.options, this.budget, schedule);
  }

  solve(deck: Deck, rules: RuleSet): SolveResult {
    const compiled = compileRules(rules);
    if (!compiled.eagleWing) return this.familySearch().solve(new Game(deck, rules));
    const layout = dealLayout(deck, rules.trunk);
    const position = P.newPosition();
    P.dealPosition(position, layout);
    return this.eagle.solve(position, layout, compiled);
  }

  /** Solves from the position `game` is in (the game is not changed); a win's moves start at that position. */
  solvePosition(game: Game): SolveResult {
    if (game.compiled.eagleWing) return this.eagle.solve(game.snapshot(), game.layout, game.compiled);
    const copy = new Game(game.deck, game.rules);
    copy.restore(game.snapshot());
    return this.familySearch().solve(copy);
  }

  /**
   * Tells `watcher` how each search after this goes, about every `everyMs` milliseconds (looked at every
   * 1,024 positions stored, solver/clock.ts), or no one with undefined. It changes nothing a search does.
   */
  watch(watcher: SearchWatcher | undefined, everyMs: number): void {
    this.budget.clock.watch(watcher, everyMs);
  }

  /** The search for rules outside Eagle Wing's shape, made on first use: its table is its own. */
  private familySearch(): FamilySearch {
    this.family ??= new FamilySearch(this.options, this.schedule, this.budget);
    return this.family;
  }
}
