// A deal number -> its deck under a numbering and the rules: eaglewing's own (GAMES.md G2) or a PySolFC game's (G5.1).
import { dealFromNumberFor, type Deck } from '../deal.js';
import { dealShape, type RuleSet } from '../rules.js';
import { familyDealFromPysolNumber, plainPysolNumber, type Numbering } from './pysol.js';

/**
 * Deal `number`: under eaglewing's numbering, deal N laid out for the rules' base (a dealt base leaves it
 * as it always was); under PySolFC's, game `pysolGame`'s deal (pysolGameFor chose and checked it).
 */
export function numberedDeck(numbering: Numbering, number: number, rules: RuleSet, pysolGame: number | undefined): Deck {
  if (numbering === 'eaglewing') return dealFromNumberFor(number, dealShape(rules));
  if (pysolGame === undefined) throw new Error('a PySolFC numbered deal needs its game');
  return familyDealFromPysolNumber(pysolGame, plainPysolNumber(number));
}
