#!/usr/bin/env python3
# Makes test/fixtures/pysolfc-family-deals.tsv and pysolfc-family-moves.json, and pysolfc-decks-deals.tsv and pysolfc-decks-moves.json, by driving PySolFC's own game classes headless.
"""
Run by hand (not by npm test), from the repository root:

    git clone https://github.com/shlomif/PySolFC /tmp/PySolFC-git
    git clone https://github.com/shlomif/pysol_cards /tmp/pysol_cards-git
    mkdir -p /tmp/PySolFC /tmp/pysol_cards
    git -C /tmp/PySolFC-git archive 7a3d146a pysollib | tar -x -C /tmp/PySolFC
    git -C /tmp/pysol_cards-git archive 74074d79 code | tar -x -C /tmp/pysol_cards
    python3 scripts/pysolfc/family_fixtures.py --pysolfc /tmp/PySolFC --pysol-cards /tmp/pysol_cards/code

Made with PySolFC commit 7a3d146a1ec1 (github.com/shlomif/PySolFC, "Add hint class for Scoundrel") and
pysol_cards commit 74074d79 (github.com/shlomif/pysol_cards, release 0.24.0), under Python 3.11.7 with
attrs installed and tkinter importable (no display is opened: nothing Tk is ever constructed).
Output is deterministic: run it twice and the files are byte for byte the same.

Headless: PySolFC's Game.create/newGame/startGame, its stacks and its moves run unchanged. Only the
view is replaced: cards are AbstractCard with face_up kept and no canvas item, the canvas, toplevel,
canvas items and status bar are stubs that accept any call, and the options are PySolFC's defaults
(options.py: autofaceup on, autodrop off, autodeal on).

What "legal" means here (see test/fixtures/pysolfc-family.md):
- a card move: for every stack s and every count n, s.canMoveCards(s.cards[-n:]) (what startDrag asks),
  and for every other stack t, t.acceptsCards(s, cards) (what releaseHandler asks);
- T or R: game.canDealCards() (what a click on the talon asks); T when the talon has cards, else R.
A move is made the way PySolFC makes it: s.playMoveMove(n, t) for a drag, game.dealCards() for a click.
PySolFC then does by itself what its options and fillStack say: fill a space from the trunk, turn a
trunk card up, and (autodeal) turn the stock when the waste is empty. The last is recorded as `auto`.

Move tokens: `[count]SRCDST(card)` with SRC/DST among X (waste), K (the trunk), W1..Wn (wings), F (a
foundation), e.g. `KW3(7D)`, `2W1W4(9H)`, `XF(AS)`; `T(card)` turns the stock (the card it shows), `R` redeals.
Games with several reserves (Gate 315, Little Gate 316: two; Duke 413: four) name trunk k (s.reserves[k-1])
`K1`, `K2`, ..., and let a foundation's top card be taken back (SS_FoundationStack keeps OpenStack's
max_move=1): F is then a source, e.g. `FW2(4C)`. Their deal string gives trunk 1 bottom to top, then trunk 2, ...
Gate.fillStack (Gate, Little Gate) fills a wing a move empties from the trunk with more cards (K1 on a tie),
else from the waste; Duke fills nothing. A move off a foundation runs no autoPlay (stack.playMoveMove).
Lafayette (642) has two foundations a suit: `F` the one up from the Ace, `D` the one down from the King
(base_rank=KING, dir=-1) as a target, e.g. `W3D(QH)`; a card leaving either is `F`, e.g. `FW2(8C)`, `FD(7H)`
(from the one up onto the one down, while the two hold the whole suit).
Beehive (789) builds by equal rank (RK_RowStack, dir=0) and has one foundation (Beehive_Foundation) that takes
four cards of a rank at once, from a wing: `4W3F(5C)`, the bracket naming the deepest of the four.
Dutchess (282, glenwood.py's Glenwood) has four trunks too, but its foundations keep their cards (max_move=0).
Until a trunk's card goes to a foundation (which sets game.base_rank) the waste is empty and the talon may not
be turned, so its playouts' top-level `auto` is empty, and the turn PySolFC makes by itself (autodeal) once the
base is set shows in that step's `auto`. game.base_rank is PySolFC's undo state (game.getState/setState),
which the snapshot keeps with the cards.
The Plot (896, canfield.py's ThePlot) has twelve wings, W1..W12 (`W3W11(TD)`; the tokens sort as strings,
W10..W12 between W1 and W2). A wing takes one card at a time (max_move=1), down by rank whatever the suit, a
King on an Ace (RK_RowStack, mod=13); ThePlot_RowStack.acceptsCards takes no trunk card (from_stack in
s.reserves), and into a space only the waste's card, of the base rank (foundations[0].cap.base_rank) until
foundations[0] holds 13 cards, of any rank after. FILL_EMPTY_ROWS = 0: a space waits for such a card. The
eight foundations (ThePlot_Foundation, an RK_FoundationStack: up from the base rank whatever the suit,
mod=13, max_move=0) start with the base card on foundations[0] (ALIGN_FOUNDATIONS = False), and
ThePlot_Foundation.acceptsCards lets no empty one take a card until foundations[0] holds 13. Then a card of
the base rank may start any empty one, and a card may go onto any whose top is one rank below: one move as
a player sees it (foundations of the same height are alike), written once, `XF(4H)`, as the move onto the
first of them, as for a card of several decks that two foundations of its suit take. One card a turn
(num_deal=1) and max_rounds=1: no R.
"""
import argparse
import json
import random
import sys

# PySolFC game id -> (preset name of RULES §10, trunk size, wings, foundation cards in the deal[, cards a wing[, trunks]])
# trunk size is the total over all the trunks (reserves), which are dealt the same number of cards each
GAMES = [
    (105, 'canfield', 13, 4, 1),
    (101, 'superior-canfield', 13, 4, 1),
    (99, 'rainfall', 13, 4, 1),
    (521, 'canfield-rush', 13, 4, 1),
    (108, 'rainbow', 13, 4, 1),
    (100, 'storehouse', 13, 4, 4),
    (43, 'chameleon', 12, 3, 1),
    (403, 'acme', 13, 4, 4),
    (112, 'pysol', 13, 8, 1),
    (835, 'casino-canfield', 13, 4, 1),
    # RULES §10.14: wings dealt several cards, some face down (appended, so that the rows above stay as they were)
    (989, 'candike', 13, 7, 1, 2),
    (494, 'mystique', 9, 7, 0, 4),
    (360, 'munger', 7, 7, 0, 4),
    (422, 'minerva', 11, 7, 0, 4),
    # several trunks (PySolFC's reserves), the foundations' top cards may be taken back (appended likewise)
    (316, 'little-gate', 10, 4, 0, 1, 2),
    (315, 'gate', 10, 8, 0, 1, 2),
    (413, 'duke', 12, 4, 0, 1, 4),
    # four trunks, the foundations' base set by the first trunk card played to one (appended likewise)
    (282, 'dutchess', 12, 4, 0, 1, 4),
    # two foundations a suit, up from the Ace and down from the King, one face-up trunk (appended likewise)
    (642, 'lafayette', 13, 4, 0, 1, 1),
    # building by equal rank, one foundation that takes four cards of a rank at once (appended likewise)
    (789, 'beehive', 13, 6, 0, 1, 1),
]
# Two to four decks (docs/canfield-type.md, shape 9), in files of their own (pysolfc-decks-deals.tsv, pysolfc-decks-moves.json)
# so that the two above stay as they were. PySolFC game id -> (the preset name it will have, decks, trunk size, wings,
# foundation cards in the deal)
DECK_GAMES = [
    (106, 'double-canfield', 2, 13, 5, 1),
    (396, 'triple-canfield', 3, 26, 7, 1),
    (922, 'quadruple-canfield', 4, 39, 8, 1),
    (476, 'demon', 2, 40, 8, 1),
    (103, 'american-toad', 2, 20, 8, 1),
    # VariegatedCanfield._shuffleHook puts the eight Aces on the talon's top: seven go to foundations[:7], the eighth is the base card
    (102, 'variegated-canfield', 2, 13, 5, 8),
    # ALIGN_FOUNDATIONS = False: the base card goes to foundations[0], whatever its suit
    (896, 'the-plot', 2, 13, 12, 1),
]
PYSOLFC_COMMIT = '7a3d146a1ec1b36f18801fd8460340c3cc4853b9'
RANKS = 'A23456789TJQK'
SUITS = 'CSHD'  # PySolFC's suit ids 0..3 (pysollib/util.py SUITS)
OUR_SUIT_ORDER = 'CDHS'  # how the four fixed-base cards are written (RULES §10.9)


def load_pysolfc(pysolfc, pysol_cards):
    sys.path[:0] = [pysolfc, pysol_cards]
    import pysollib.game
    import pysollib.games.canfield  # noqa: F401  (registers the games)
    import pysollib.games.glenwood  # noqa: F401  (Dutchess)
    import pysollib.layout
    import pysollib.stack
    from pysollib.acard import AbstractCard

    class Stub:
        """Stands for any Tk object: every attribute and call is another Stub; false, empty."""
        def __init__(self, *args, **kwargs):
            pass

        def __getattr__(self, name):
            if name.startswith('__'):
                raise AttributeError(name)
            return Stub()

        def __call__(self, *args, **kwargs):
            return Stub()

        def __bool__(self):
            return False

        def __iter__(self):
            return iter(())

        def __getitem__(self, key):
            return Stub()

        def __len__(self):
            return 0

    class HeadlessCard(AbstractCard):
        def __init__(self, *args, **kwargs):
            AbstractCard.__init__(self, *args, **kwargs)
            self.item = Stub()

        def showFace(self, unhide=1):  # noqa: N802
            self.face_up = 1

        def showBack(self, unhide=1):  # noqa: N802
            self.face_up = 0

        def updateCardBackground(self, image):  # noqa: N802
            pass

    view_names = ('bind', 'unbind_destroy', 'after', 'after_idle', 'after_cancel', 'wm_map', 'markImage',
                  'MfxMessageDialog', 'MfxExceptionDialog', 'reset_solver_dialog')
    for module in (pysollib.stack, pysollib.game, pysollib.layout, pysollib.games.canfield, pysollib.games.glenwood):
        for name in dir(module):
            if name.startswith('MfxCanvas') or name in view_names:
                setattr(module, name, Stub)
    pysollib.game.Card = HeadlessCard
    pysollib.stack.get_text_width = lambda *args, **kwargs: 10
    # the tool bar and status bar only
    pysollib.game.Game.updateStatus = lambda self, **kwargs: None
    # Casino Canfield's balance text (its updateText reads the player's stats): the view only, no rule
    pysollib.games.canfield.CasinoCanfield.updateText = lambda self: None

    class Options(Stub):
        # PySolFC's defaults (pysollib/options.py)
        autofaceup = True
        autodrop = False
        autodeal = True
        quickplay = True
        randomize_place = False
        animations = 0
        save_games_geometry = False
        auto_scale = False
        mouse_type = 'drag-n-drop'
        player = 'fixtures'

    class Images(Stub):
        CARDW = CARDH = 100
        CARD_XOFFSET = CARD_YOFFSET = 20
        SHADOW_XOFFSET = SHADOW_YOFFSET = 0

        def getSize(self):  # noqa: N802
            return (100, 100)

        def getOffsets(self):  # noqa: N802
            return (20, 20)

        def getDelta(self):  # noqa: N802
            return (0, 0)

    class Canvas(Stub):
        xmargin = ymargin = 0
        preview = 0
        busy = False

    class App(Stub):
        def __init__(self):
            self.opt = Options()
            self.images = Images()
            self.canvas = Canvas()
            self.top = Stub()

        def getGameTitleName(self, id):  # noqa: N802
            return 'game %d' % id

        def getFont(self, name):  # noqa: N802
            return ('helvetica', 12)

    return App


def card_text(card):
    return RANKS[card.rank] + SUITS[card.suit]


class Table:
    """One PySolFC game, made once and dealt again for each number."""

    def __init__(self, App, game_id):
        from pysollib.gamedb import GAME_DB
        info = GAME_DB.get(game_id)
        self.game = info.gameclass(info)
        self.game.create(App())
        s = self.game.s
        self.talon, self.waste, self.trunks = s.talon, s.waste, list(s.reserves)
        self.wings, self.foundations = list(s.rows), list(s.foundations)
        self.up_down = any(f.cap.dir < 0 for f in self.foundations)
        self.decks = info.decks
        assert self.trunks and self.waste is not None

    def new_game(self, number):
        from pysollib.pysolrandom import construct_random
        self.game.newGame(random=construct_random(number))
        return self.game.getGameNumber(format=0)

    def deal_string(self, first_turn, wing_cards=1, decks=1):
        """RULES §10.11: trunk(s) K1, K2, ... each bottom->top, W1..Wn (each bottom first), foundation card(s), waste in the order turned, talon top->bottom."""
        cards = [c for trunk in self.trunks for c in trunk.cards]
        for wing in self.wings:
            assert len(wing.cards) == wing_cards
            # RULES §10.14: only the top card is face up, and under it the deal's pattern
            assert wing.cards[-1].face_up
            cards += wing.cards
        base = [c for f in self.foundations for c in f.cards]
        cards += sorted(base, key=lambda c: OUR_SUIT_ORDER.index(SUITS[c.suit]))
        assert len(self.waste.cards) == first_turn
        cards += self.waste.cards
        cards += reversed(self.talon.cards)
        assert len(cards) == 52 * decks and len(set(id(c) for c in cards)) == 52 * decks
        return ' '.join(card_text(c) for c in cards)

    # -- legal moves, asked of PySolFC's stacks --------------------------------------------------

    def name(self, stack):
        if stack is self.waste:
            return 'X'
        if stack in self.trunks:
            return 'K' if len(self.trunks) == 1 else 'K%d' % (self.trunks.index(stack) + 1)
        if stack in self.wings:
            return 'W%d' % (self.wings.index(stack) + 1)
        if stack in self.foundations:
            # Lafayette: a suit's foundation down from the King (base_rank=KING, dir=-1) is D as a target
            return 'D' if stack.cap.dir < 0 else 'F'
        return None

    def snapshot(self):
        g = self.game
        # g.getState(): the game's own variables PySolFC saves for undo (Dutchess: [base_rank]; [] for the others)
        return ([(s, list(s.cards), [c.face_up for c in s.cards]) for s in g.allstacks],
                self.talon.round, self.talon.num_deal, g.moves.state, list(g.getState()))

    def restore(self, snap):
        stacks, self.talon.round, self.talon.num_deal, self.game.moves.state, state = snap
        self.game.setState(state)
        for stack, cards, faces in stacks:
            stack.cards = cards
            for card, face in zip(cards, faces):
                card.face_up = face

    def turn_card(self):
        """The card a click on the talon leaves on the waste's top, by letting the talon deal and undoing it."""
        snap = self.snapshot()
        self.game.moves.state = self.game.S_INIT  # nothing is recorded for undo
        self.talon.dealCards()
        top = card_text(self.waste.cards[-1])
        self.restore(snap)
        return top

    def legal_moves(self):
        """Every move PySolFC lets a player make here, as {token: action}."""
        g = self.game
        moves = {}
        for stack in g.allstacks:
            # autofaceup has turned every card that may be turned; a flip left to the player has no token
            assert not stack.canFlipCard(), 'a flip is left to the player at %r' % stack
        if g.canDealCards():
            token = 'T(%s)' % self.turn_card() if self.talon.cards else 'R'
            moves[token] = ('deal',)
        for source in g.allstacks:
            for n in range(1, len(source.cards) + 1):
                cards = source.cards[-n:]
                if not source.canMoveCards(cards):
                    continue
                for target in g.allstacks:
                    if target is source or not target.acceptsCards(source, cards):
                        continue
                    src, dst = self.name(source), self.name(target)
                    # a foundation's card is F as a source, whichever foundation holds it (the card names it)
                    src = 'F' if src == 'D' else src
                    # a foundation's top card may be taken back onto a wing; to another foundation only Lafayette's
                    # between a suit's two (up and down)
                    assert src is not None and dst in ('F', 'D') + tuple('W%d' % (i + 1) for i in range(len(self.wings))) \
                        and (src != 'F' or dst.startswith('W') or self.up_down), 'a move with no token: %r -> %r' % (source, target)
                    count = '%d' % n if n > 1 else ''
                    # a group moves only from a wing: onto a wing, or (Beehive) four of a rank onto the foundation
                    assert not count or (src.startswith('W') and (dst.startswith('W') or dst == 'F'))
                    token = '%s%s%s(%s)' % (count, src, dst, card_text(cards[0]))
                    if token in moves:
                        # of several decks a card may go onto either of two foundations of its suit (The Plot: onto
                        # any of the same height, or once foundations[0] is full any empty one): one move as a
                        # player sees it, kept as the move onto the first of them
                        assert self.decks > 1 and dst == 'F' and moves[token][3] in self.foundations, token
                        continue
                    moves[token] = ('move', source, n, target)
        return moves

    def play(self, action):
        """Makes the move as PySolFC's click or drag does; returns the stock turns PySolFC made by itself."""
        g = self.game
        turns = []

        def auto_deal(sound=True):
            # PySolFC's own Game._autoDeal; it turns only when the waste is empty, so the waste's top is the last card turned
            n = type(g)._autoDeal(g, sound=sound)
            if n:
                turns.append('T(%s)' % card_text(self.waste.cards[-1]))
            return n
        g._autoDeal = auto_deal
        try:
            if action[0] == 'deal':
                g.dealCards(sound=False)
            else:
                _, source, n, target = action
                source.playMoveMove(n, target, frames=-2, sound=False)
        finally:
            del g._autoDeal
        return turns

    def won(self):
        # PySolFC's Game.isGameWon: every card on a foundation (Lafayette's eight hold 52 between them)
        return sum(len(f.cards) for f in self.foundations) == 52 * self.decks


def pick_numbers(rng):
    """At least 200 numbers over every range PySolFC reads differently (pysolrandom.construct_random)."""
    numbers = [str(n) for n in (1, 2, 3, 100, 617, 11982, 31998, 31999)]
    numbers += [str(rng.randrange(1, 32000)) for _ in range(72)]
    numbers += [str(n) for n in (32000, 32001, 99999, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 64, 10 ** 19, 10 ** 20 - 1, 10 ** 20)]
    numbers += [str(rng.randrange(32000, 10 ** 6)) for _ in range(15)]
    numbers += [str(rng.randrange(10 ** 6, 10 ** 20)) for _ in range(45)]
    numbers += ['ms%d' % n for n in (1, 31999, 32000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 33 - 1)]
    numbers += ['ms%d' % rng.randrange(32000, 2 ** 31) for _ in range(15)]
    numbers += ['ms%d' % rng.randrange(2 ** 31, 2 ** 32) for _ in range(15)]
    numbers += ['ms%d' % rng.randrange(2 ** 32, 2 ** 33) for _ in range(15)]
    return numbers


def play_out(table, game_id, preset, rng, args, wing_cards=1, decks=1):
    """args.playouts seeded random playouts of one game, each of at most args.steps moves."""
    playouts = []
    for index in range(args.playouts):
        number = str(rng.randrange(1, 32000)) if index % 2 == 0 else str(rng.randrange(32000, 10 ** 20))
        shown = table.new_game(number)
        first = table.waste.cards
        playout = {
            'game': game_id,
            'preset': preset,
            'number': shown,
            'deal': table.deal_string(len(first), wing_cards, decks),
            # Dutchess deals no card to the waste (its talon waits for the base)
            'auto': ['T(%s)' % card_text(first[-1])] if first else [],
            'steps': [],
        }
        for _ in range(args.steps):
            moves = table.legal_moves()
            if not moves or table.won():
                break
            tokens = sorted(moves)
            # wider choice than uniform: plays to a foundation and from the trunk come up more often,
            # so playouts reach an empty trunk, spaces and redeals
            weights = [8 if t.startswith('K') else 4 if 'F(' in t or 'D(' in t else 1 for t in tokens]
            token = rng.choices(tokens, weights)[0]
            auto = table.play(moves[token])
            step = {'legal': tokens, 'move': token}
            if auto:
                step['auto'] = auto
            playout['steps'].append(step)
        playout['won'] = table.won()
        playouts.append(playout)
    return playouts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--pysolfc', required=True, help='a PySolFC source tree (holding pysollib/)')
    parser.add_argument('--pysol-cards', required=True, help="pysol_cards' code/ folder (holding pysol_cards/)")
    parser.add_argument('--out', default='test/fixtures', help='where the four fixtures go')
    parser.add_argument('--playouts', type=int, default=30, help='random playouts per game')
    parser.add_argument('--steps', type=int, default=150, help='moves per playout at most')
    args = parser.parse_args()
    App = load_pysolfc(args.pysolfc, args.pysol_cards)

    deal_rows = ['game\tpreset\tnumber\tdeal']
    playouts = []
    for game_id, preset, trunk, wings, base_cards, *rest in GAMES:
        wing_cards = rest[0] if rest else 1
        trunks = rest[1] if len(rest) > 1 else 1
        table = Table(App, game_id)
        assert len(table.wings) == wings and len(table.trunks) == trunks
        rng = random.Random(game_id)
        numbers = pick_numbers(rng)
        for number in numbers:
            shown = table.new_game(number)
            assert all(len(t.cards) == trunk // trunks for t in table.trunks) and trunk % trunks == 0
            assert sum(len(f.cards) for f in table.foundations) == base_cards
            deal_rows.append('%d\t%s\t%s\t%s' % (game_id, preset, shown, table.deal_string(len(table.waste.cards), wing_cards)))
        playouts += play_out(table, game_id, preset, rng, args, wing_cards)
        print('%s (%d): %d deals, %d playouts, %d steps' % (preset, game_id, len(numbers), args.playouts,
              sum(len(p['steps']) for p in playouts if p['game'] == game_id)), file=sys.stderr)

    deck_rows = ['game\tpreset\tdecks\tnumber\tdeal']
    deck_playouts = []
    for game_id, preset, decks, trunk, wings, base_cards in DECK_GAMES:
        table = Table(App, game_id)
        assert len(table.wings) == wings and len(table.trunks) == 1 and len(table.foundations) == 4 * decks
        rng = random.Random(game_id)
        numbers = pick_numbers(rng)
        for number in numbers:
            shown = table.new_game(number)
            assert len(table.trunks[0].cards) == trunk and sum(len(f.cards) for f in table.foundations) == base_cards
            deck_rows.append('%d\t%s\t%d\t%s\t%s' % (game_id, preset, decks, shown, table.deal_string(len(table.waste.cards), 1, decks)))
        mine = play_out(table, game_id, preset, rng, args, 1, decks)
        deck_playouts += mine
        print('%s (%d): %d deals, %d playouts, %d steps' % (preset, game_id, len(numbers), len(mine), sum(len(p['steps']) for p in mine)), file=sys.stderr)

    with open('%s/pysolfc-decks-deals.tsv' % args.out, 'w', newline='\n') as out:
        out.write('\n'.join(deck_rows) + '\n')
    with open('%s/pysolfc-family-deals.tsv' % args.out, 'w', newline='\n') as out:
        out.write('\n'.join(deal_rows) + '\n')
    write_playouts('%s/pysolfc-family-moves.json' % args.out, playouts)
    write_playouts('%s/pysolfc-decks-moves.json' % args.out, deck_playouts)


def write_playouts(path, playouts):
    with open(path, 'w', newline='\n') as out:
        out.write('{"pysolfc": "%s",\n "playouts": [\n' % PYSOLFC_COMMIT)
        for i, playout in enumerate(playouts):
            head = {k: playout[k] for k in ('game', 'preset', 'number', 'deal', 'auto', 'won')}
            out.write('  ' + json.dumps(head, separators=(',', ':'))[:-1] + ',"steps":[\n')
            out.write(',\n'.join('   ' + json.dumps(step, separators=(',', ':')) for step in playout['steps']))
            out.write('\n  ]}' + (',' if i + 1 < len(playouts) else '') + '\n')
        out.write(' ]}\n')


if __name__ == '__main__':
    main()
