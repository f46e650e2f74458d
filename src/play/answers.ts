// What the page's solver worker answers: the verdict of a position along the game, or every legal move's; the same Solver the CLI runs.
import { parseDealFor } from '../deal.js';
import type { Game } from '../engine.js';
import { formatMove, parseMoveList } from '../notation.js';
import { dealShape, type RuleSet } from '../rules.js';
import { hintFor } from '../show/hint.js';
import { Solver, type UnknownReason, type Verdict } from '../solver/solver.js';
import { gameAfter } from './session.js';

/**
 * The page's budget for one answer. The node limit keeps an answer to a few seconds; the table's cap
 * (SolverOptions.memoryMegabytes) bounds the page's memory, since the table grows by doubling up to it
 * (solver/family/table.ts, solver/eagle/table.ts) and a search stopped by it says so (unknown, memory).
 */
export interface Budget {
  maxNodes: number;
  memoryMegabytes: number;
}

/** The page's first budget: a million positions, the figure the family's results are computed at, in a table of at most 256 MB (the CLI's default). */
export const PAGE_BUDGET: Budget = { maxNodes: 1_000_000, memoryMegabytes: 256 };
/** "Search longer" multiplies the node limit by this, each time it is pressed. */
export const LONGER = 10;

/** A question to the worker: the position the line leads to, and what to say of it. */
export interface Question {
  id: number;
  deal: string;
  rules: RuleSet;
  /** RULES §5 tokens from the deal, every move made (PySolFC's own turns too). */
  line: string;
  budget: Budget;
  /** `verdict`: the position's; `moves`: every legal move's too (the CLI's hint). */
  ask: 'verdict' | 'moves';
}

export interface MoveAnswer {
  move: string;
  verdict: Verdict;
  unknownReason?: UnknownReason;
}

export interface Answer {
  id: number;
  verdict: Verdict;
  nodes: number;
  /** Milliseconds the search took in the worker. */
  ms: number;
  unknownReason?: UnknownReason;
  /** When winnable: the first move of a winning line from here (RULES §5, with its card). */
  hint?: string;
  /** Moves of the winning line found (the hint first). */
  solutionLength?: number;
  /** For `moves`: each legal move and its verdict, in the engine's order. */
  moves?: MoveAnswer[];
  /** A failure: the line did not replay, or the solver threw (a bug, shown as such, never as unknown). */
  error?: string;
}

/** Answers questions with one Solver per budget, kept from question to question (its tables are cleared per solve). */
export class Answerer {
  private solver: Solver | undefined;
  private budgetKey = '';

  answer(question: Question): Answer {
    const started = performance.now();
    try {
      const game = this.gameAt(question);
      const solver = this.solverFor(question.budget);
      if (question.ask === 'moves') {
        const hint = hintFor(game, solver);
        const moves = hint.moves.map((entry) => ({ move: formatMove(entry.move), verdict: entry.verdict, ...(entry.unknownReason ? { unknownReason: entry.unknownReason } : {}) }));
        const answer: Answer = { id: question.id, verdict: hint.verdict, nodes: hint.nodes, ms: performance.now() - started, moves };
        if (hint.recommended) answer.hint = formatMove(hint.recommended);
        if (hint.unknownReason) answer.unknownReason = hint.unknownReason;
        return answer;
      }
      if (game.isWon()) return { id: question.id, verdict: 'won', nodes: 0, ms: 0, solutionLength: 0 };
      const result = solver.solvePosition(game);
      const answer: Answer = { id: question.id, verdict: result.result, nodes: result.nodes, ms: performance.now() - started };
      if (result.result === 'won') {
        answer.hint = formatMove(result.moves[0]);
        answer.solutionLength = result.moves.length;
      }
      if (result.unknownReason) answer.unknownReason = result.unknownReason;
      return answer;
    } catch (error) {
      return { id: question.id, verdict: 'unknown', nodes: 0, ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The engine at the position the question's line leads to. */
  private gameAt(question: Question): Game {
    return gameAfter(parseDealFor(question.deal, dealShape(question.rules)), question.rules, parseMoveList(question.line));
  }

  private solverFor(budget: Budget): Solver {
    const key = `${budget.maxNodes}/${budget.memoryMegabytes}`;
    if (this.solver === undefined || key !== this.budgetKey) {
      this.solver = new Solver({ maxNodes: budget.maxNodes, memoryMegabytes: budget.memoryMegabytes });
      this.budgetKey = key;
    }
    return this.solver;
  }
}
