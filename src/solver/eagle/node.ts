// What the dominance rules and the move generator read of one position: wing tops, where each wing card lies, the waste and trunk.
import { CARD_COUNT, NO_CARD, RANK_COUNT, rankOf } from '../../cards.js';
import { trunkCardInPlay } from '../../engine.js';
import { WING_COUNT, type DealLayout } from '../../layout.js';
import * as P from '../../position.js';
import type { CompiledRules } from '../../rules.js';

/** Per-node scratch, filled by read() and emptied by clear() so that it is reused without allocating. */
export class NodeView {
  /** Each wing's top card, or NO_CARD. */
  readonly tops = new Int32Array(WING_COUNT);
  /** The wing holding each card (-1 for none) and its depth from that wing's top. */
  readonly cardWing = new Int8Array(CARD_COUNT).fill(-1);
  readonly cardDepth = new Int8Array(CARD_COUNT);
  trunk = 0;
  pointer = 0;
  wasteIndex = -1;
  trunkCard = NO_CARD;

  layout!: DealLayout;
  rules!: CompiledRules;

  /** Sets the deal and rules of the positions read next (once per search). */
  use(layout: DealLayout, rules: CompiledRules): void {
    this.layout = layout;
    this.rules = rules;
  }

  read(position: P.Position): void {
    const builds = this.rules.builds;
    const cardWing = this.cardWing;
    const cardDepth = this.cardDepth;
    this.trunk = P.trunkCount(position);
    this.pointer = P.stockPointer(position);
    this.wasteIndex = P.wasteTopIndex(position);
    this.trunkCard = trunkCardInPlay(position, this.layout, this.rules);
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const top = P.wingTop(position, wing);
      this.tops[wing] = top;
      if (top === NO_CARD) continue;
      cardWing[top] = wing;
      cardDepth[top] = 0;
      // cards under the top matter only to builds
      if (!builds) continue;
      const height = P.wingHeight(position, wing);
      const suitBase = top - rankOf(top);
      for (let depth = 1, rank = (rankOf(top) + 1) % RANK_COUNT; depth < height; depth++, rank = rank === RANK_COUNT - 1 ? 0 : rank + 1) {
        cardWing[suitBase + rank] = wing;
        cardDepth[suitBase + rank] = depth;
      }
    }
  }

  /** Empties the card map read() filled for this same position. */
  clear(position: P.Position): void {
    const builds = this.rules.builds;
    const cardWing = this.cardWing;
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const top = this.tops[wing];
      if (top === NO_CARD) continue;
      cardWing[top] = -1;
      if (!builds) continue;
      const height = P.wingHeight(position, wing);
      const suitBase = top - rankOf(top);
      for (let depth = 1, rank = (rankOf(top) + 1) % RANK_COUNT; depth < height; depth++, rank = rank === RANK_COUNT - 1 ? 0 : rank + 1) cardWing[suitBase + rank] = -1;
    }
  }

  /** Whether stock place `index` can be reached this pass: the waste's top, or still in the stock. */
  reachable(position: P.Position, index: number): boolean {
    return index === this.wasteIndex || (index >= this.pointer && P.stockPlaceFilled(position, index));
  }
}
