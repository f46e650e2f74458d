#!/usr/bin/env python3
# Makes test/fixtures/pysolfc-family-solutions.json: eaglewing's winning lines for PySolFC's family games, replayed in PySolFC's own game classes headless.
"""
Run by hand (not by npm test), from the repository root, after `npm run build`, with the same PySolFC and
pysol_cards trees as scripts/pysolfc/family_fixtures.py (its header says how to get them):

    python3 scripts/pysolfc/replay_solutions.py --pysolfc /tmp/PySolFC --pysol-cards /tmp/pysol_cards/code

For each PySolFC game of the family (family_fixtures.GAMES, then its DECK_GAMES) and its game numbers 1, 2, 3 ... it asks
`eaglewing solve --pysol N --preset P --json` for a winning line, as a PySolFC player would follow it
(its `steps`, in PySolFC's order, each turn PySolFC makes by itself marked `automatic`), until it has
--lines won games of that preset (or --numbers numbers are tried). Each line is then played in PySolFC: every move the player makes must
be one PySolFC offers at that moment (the legal moves family_fixtures.Table lists, tokens and cards
alike), made as PySolFC's click or drag makes it; every turn marked automatic must be exactly the turn
PySolFC made by itself there; and at the end all 52 cards (52·n of n decks) must be on PySolFC's foundations. The fixture
records each line and what PySolFC made of it; the script exits 1 naming the first line PySolFC does
not play to a win. Deterministic: run it twice and the file is byte for byte the same.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import family_fixtures  # noqa: E402  (its headless PySolFC and its Table)


def solution(preset, number, max_nodes):
    run = subprocess.run(['node', 'bin/eaglewing.js', 'solve', '--pysol', str(number), '--preset', preset,
                          '--max-nodes', str(max_nodes), '--json'], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit('eaglewing solve --pysol %s --preset %s: %s' % (number, preset, run.stderr.strip()))
    return json.loads(run.stdout)


def replay(table, number, steps):
    """Plays eaglewing's steps in PySolFC; returns None when PySolFC wins with them, else what went wrong."""
    table.new_game(str(number))
    # the turns PySolFC has made by itself and the line has not yet named: its first, in startGame
    pending = ['T(%s)' % family_fixtures.card_text(table.waste.cards[-1])] if table.waste.cards else []
    for index, step in enumerate(steps):
        token = step['move']
        if step.get('automatic'):
            if not pending or pending[0] != token:
                return 'step %d %s: PySolFC turned %s by itself there' % (index + 1, token, pending[:1] or 'nothing')
            pending.pop(0)
            continue
        if pending:
            return 'step %d %s: PySolFC had turned %s by itself, which the line does not say' % (index + 1, token, pending[0])
        moves = table.legal_moves()
        if token not in moves:
            return 'step %d %s: not among PySolFC\'s legal moves %s' % (index + 1, token, sorted(moves))
        pending = table.play(moves[token])
    if pending:
        return 'after the last step PySolFC turned %s, which the line does not say' % pending[0]
    return None if table.won() else 'the line ends with %d cards on PySolFC\'s foundations' % sum(len(f.cards) for f in table.foundations)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--pysolfc', required=True, help='a PySolFC source tree (holding pysollib/)')
    parser.add_argument('--pysol-cards', required=True, help="pysol_cards' code/ folder (holding pysol_cards/)")
    parser.add_argument('--out', default='test/fixtures/pysolfc-family-solutions.json')
    parser.add_argument('--lines', type=int, default=8, help='won games replayed per preset')
    parser.add_argument('--max-nodes', type=int, default=300000, help="eaglewing's node limit per solve")
    parser.add_argument('--numbers', type=int, default=40, help='game numbers tried per preset at most (Chameleon and The Plot are seldom won)')
    parser.add_argument('--also', default='casino-canfield:65,97,444,792,1062;little-gate:315,529,542,574',
                        help='PRESET:N,N,...;PRESET:... more game numbers to replay, for games seldom won among the first (Casino Canfield: '
                        'the first five its results/ run won, results/raw/family-thoughtful-casino-canfield-pysol.csv; Little Gate: '
                        'the four of its games 201-600 won within 300,000 positions, `sim --preset little-gate --numbering pysol '
                        '--from 201 --deals 400 --max-nodes 300000`)')
    args = parser.parse_args()
    App = family_fixtures.load_pysolfc(args.pysolfc, args.pysol_cards)

    records = []

    def replayed(table, game_id, preset, number):
        """Solves game `number` with eaglewing; when won, replays its line in PySolFC and keeps the record."""
        solved = solution(preset, number, args.max_nodes)
        if solved['result'] != 'won':
            return False
        problem = replay(table, number, solved['steps'])
        records.append({'game': game_id, 'preset': preset, 'number': str(number), 'deal': solved['deal'],
                        'steps': [s['move'] for s in solved['steps']],
                        'automatic': [i for i, s in enumerate(solved['steps']) if s.get('automatic')],
                        'pysolfc': 'won' if problem is None else problem})
        return True

    # RULES §10.19's games of two to four decks after the one-deck family, The Plot (§10.20) last
    games = [(game[0], game[1]) for game in family_fixtures.GAMES] + [(game[0], game[1]) for game in family_fixtures.DECK_GAMES]
    for game_id, preset in games:
        table = family_fixtures.Table(App, game_id)
        won = 0
        number = 0
        while won < args.lines and number < args.numbers:
            number += 1
            won += replayed(table, game_id, preset, number)
        extra = [int(n) for entry in args.also.split(';') if entry.startswith(preset + ':') for n in entry.split(':')[1].split(',')]
        won += sum(replayed(table, game_id, preset, more) for more in extra)
        print('%s (%d): %d won games of numbers 1-%d%s replayed' % (preset, game_id, won, number, ' and %s' % extra if extra else ''), file=sys.stderr)

    with open(args.out, 'w', newline='\n') as out:
        out.write('{"pysolfc": "%s",\n "lines": [\n' % family_fixtures.PYSOLFC_COMMIT)
        out.write(',\n'.join('  ' + json.dumps(record, separators=(',', ':')) for record in records))
        out.write('\n ]}\n')
    failed = [record for record in records if record['pysolfc'] != 'won']
    if failed:
        raise SystemExit('PySolFC does not play every line to a win: %s game %s: %s' % (failed[0]['preset'], failed[0]['number'], failed[0]['pysolfc']))


if __name__ == '__main__':
    main()
