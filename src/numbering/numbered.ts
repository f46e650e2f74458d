// A deal number -> its deck under a numbering and the rules: eaglewing's own (RULES §10.9), a PySolFC game's (§10.11) or a Solvitaire seed's (§10.12).
import { dealFromNumberFor, type Deck } from '../deal.js';
import { dealShape, type RuleSet } from '../rules.js';
import { familyDealFromPysolNumber, plainPysolNumber, type Numbering } from './pysol.js';
import { canfieldDealFromSolvitaireSeed } from './solvitaire.js';

/**
 * Deal `number`: under eaglewing's numbering, deal N laid out for the rules' base (a dealt base leaves it
 * as it always was); under PySolFC's, game `pysolGame`'s deal (pysolGameFor chose and checked it); under
 * Solvitaire's, its Canfield deal for that seed (solvitaireGameFor checked the preset, checkSolvitaireRange the numbers).
 */
export function numberedDeck(numbering: Numbering, number: number, rules: RuleSet, pysolGame: number | undefined): Deck {
  if (numbering === 'eaglewing') return dealFromNumberFor(number, dealShape(rules));
  if (numbering === 'solvitaire') return canfieldDealFromSolvitaireSeed(number);
  if (pysolGame === undefined) throw new Error('a PySolFC numbered deal needs its game');
  return familyDealFromPysolNumber(pysolGame, plainPysolNumber(number));
}
