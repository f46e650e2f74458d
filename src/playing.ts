// Plays one deal with a no-peek player: the runner holds the deal and hands the player observations only.
import { NO_CARD } from './cards.js';
import type { Deck } from './deal.js';
import { copyEngineMoves, Game, moveSource, newEngineMoveList, SOURCE_STOCK, SOURCE_TURN, toNotation, type EngineMove } from './engine.js';
import type { Move } from './notation.js';
import { RESIGN, type Observation, type Player } from './players/observation.js';
import type { RuleSet } from './rules.js';

/** A player that has not won after this many moves has lost (it is going round in circles). */
export const MOVE_CAP = 3000;

export interface PlayResult {
  result: 'won' | 'lost';
  moves: Move[];
  /** Why the game ended without a win: no legal move, or the move cap. */
  reason: string;
  ms: number;
}

/** Tracks which dealt places the player has seen face up. */
class Memory {
  /** The cards seen by their deal places (card numbers up to 207: RULES §10.19). */
  readonly knownTrunk: Int16Array;
  readonly knownStock: Int16Array;
  constructor(private readonly game: Game) {
    this.knownTrunk = new Int16Array(game.rules.trunk).fill(NO_CARD);
    this.knownStock = new Int16Array(game.layout.stockLength).fill(NO_CARD);
    this.look();
  }
  /** Everything face up now: the trunk card in play and every trunk card that has left the trunk. */
  look(): void {
    const game = this.game;
    // each trunk's cards above its count have left it (RULES §10.15: trunk by trunk), and its top is in play
    for (let trunk = 0; trunk < game.compiled.trunks; trunk++) {
      const start = game.trunkStart(trunk);
      for (let i = start + game.trunkCountOf(trunk); i < start + game.layout.trunkCards; i++) this.knownTrunk[i] = game.deck[i];
      const trunkCard = game.trunkCardOf(trunk);
      if (trunkCard !== NO_CARD) this.knownTrunk[game.deck.indexOf(trunkCard)] = trunkCard;
    }
  }
  /** Before a move: a turned or directly placed stock card is seen. */
  beforeMove(code: EngineMove): void {
    const source = moveSource(code);
    if (source === SOURCE_TURN || source === SOURCE_STOCK) {
      const index = this.game.stockTopIndex();
      this.knownStock[index] = this.game.layout.stockCards[index];
    }
  }
}

function hideTurnCard(move: Move): Move {
  return move.source === 'T' ? { ...move, card: NO_CARD } : move;
}

/** A game as a player sees it: the runner keeps the deal here and hands out observations only. */
export class ObservedGame {
  readonly game: Game;
  private readonly memory: Memory;
  private readonly codes = newEngineMoveList();
  readonly played: Move[] = [];
  private readonly baseCard: number;

  constructor(deck: Deck, readonly rules: RuleSet) {
    this.game = new Game(deck, rules);
    this.memory = new Memory(this.game);
    this.baseCard = this.game.layout.baseCard;
  }

  observe(): Observation {
    const count = this.game.isWon() ? 0 : this.game.legalMoves(this.codes);
    const legalCodes = copyEngineMoves(this.codes, count);
    return {
      rules: this.rules,
      baseCard: this.baseCard,
      position: this.game.snapshot(),
      knownTrunk: this.memory.knownTrunk.slice(),
      knownStock: this.memory.knownStock.slice(),
      legal: Array.from({ length: count }, (_, i) => hideTurnCard(toNotation(legalCodes[i]))),
      legalCodes,
      movesPlayed: this.played.length,
    };
  }

  play(code: EngineMove): void {
    this.memory.beforeMove(code);
    this.played.push(toNotation(code));
    this.game.apply(code);
    this.memory.look();
  }
}

export function playDeal(deck: Deck, rules: RuleSet, player: Player): PlayResult {
  const started = performance.now();
  const table = new ObservedGame(deck, rules);
  let reason = '';
  while (!table.game.isWon()) {
    const observation = table.observe();
    const count = observation.legal.length;
    if (count === 0) {
      reason = 'no legal move';
      break;
    }
    if (table.played.length >= MOVE_CAP) {
      reason = `no win after ${MOVE_CAP} moves`;
      break;
    }
    const choice = player.choose(observation);
    if (choice === RESIGN) {
      reason = 'the player resigned: no move it would make';
      break;
    }
    if (!Number.isInteger(choice) || choice < 0 || choice >= count) throw new Error(`player ${player.name} chose move ${choice} of ${count}`);
    table.play(observation.legalCodes[choice]);
  }
  const won = table.game.isWon();
  return { result: won ? 'won' : 'lost', moves: table.played, reason: won ? '' : reason, ms: Math.round(performance.now() - started) };
}
