#!/usr/bin/env python3
# Makes test/fixtures/solvitaire-canfield-solutions.json: Solvitaire's own winning lines for chosen seeds of its canfield and canfield-strict, state by state as it prints them.
"""
Run by hand (not by npm test), from the repository root, with a Solvitaire binary built as
scripts/solvitaire/canfield_deals.py says:

    python3 scripts/solvitaire/canfield_solutions.py --solvitaire /work/solvitaire-build/solvitaire

For each game type and seed it runs `solvitaire --type TYPE --random SEED` (no other option: its default
search, which prints "Solution:" and then every state of the winning line, the deal first) and keeps each
printed state as it is, in five fields:

    [foundations, tableau piles, reserve, stock, waste]

- foundations: the four top cards in Solvitaire's suit order C, H, S, D ("" where a foundation is empty);
- tableau piles: each pile as a string of cards, bottom first, in the order Solvitaire prints them (it keeps
  them sorted for symmetry, so not the deal's wing order; "" for an empty pile);
- reserve, stock, waste: a string of cards each, bottom first (the top is the last card).

Cards are written as Solvitaire writes them (ten as `10`). A step from one state to the next is one move of
Solvitaire's: a stock move may turn the stock several times, and redeal, before its card is played (its
k-plus stock, RULES §10.12); filling a space from the reserve shows as a state of its own.
test/solvitaire-solutions.test.ts converts each step into RULES §5 moves and replays them in eaglewing's
verifier, requiring every state on the way to be Solvitaire's.

The seeds are the first twelve of each type that Solvitaire wins in under half a second
(test/fixtures/solvitaire-canfield.csv). Output is deterministic: run it twice and the file is byte for byte
the same.
"""
import json
import re
import subprocess
import sys

from solvitaire_run import arguments_and_version

SEEDS = {
    "canfield": [0, 1, 2, 3, 6, 7, 9, 10, 12, 15, 16, 19],
    "canfield-strict": [0, 2, 3, 6, 7, 9, 10, 15, 16, 19, 22, 23],
}
OUT = "test/fixtures/solvitaire-canfield-solutions.json"
SECTIONS = ["--- Foundations", "--- Tableau Piles", "--- Reserve", "--- Stock | Waste"]


def columns(rows, count):
    """Printed rows of tab-separated cells (a row per depth, bottom first) as `count` columns of cards."""
    piles = [[] for _ in range(count)]
    for row in rows:
        cells = row.split("\t")
        for index in range(count):
            cell = cells[index].strip() if index < len(cells) else ""
            if cell and cell != "[]":
                piles[index].append(cell)
    return [" ".join(pile) for pile in piles]


def parse_state(lines):
    """One printed state (the lines between two rules of '=') as the five fields above."""
    sections = {}
    current = None
    for line in lines:
        header = next((name for name in SECTIONS if line.startswith(name)), None)
        if header is not None:
            current = header
            sections[current] = []
        elif current is not None and line.strip() != "":
            sections[current].append(line)
    foundations = [cell.strip() if cell.strip() != "[]" else "" for cell in sections[SECTIONS[0]][0].split("\t")]
    if len(foundations) != 4:
        raise ValueError(f"four foundations expected: {sections[SECTIONS[0]]}")
    piles = columns(sections[SECTIONS[1]], 4)
    reserve = " ".join(line.strip() for line in sections[SECTIONS[2]] if line.strip() != "[]")
    stock, waste = columns(sections[SECTIONS[3]], 2)
    return [foundations, piles, reserve, stock, waste]


def solution(binary, game_type, seed):
    text = subprocess.run([binary, "--type", game_type, "--random", str(seed)],
                          check=True, capture_output=True, text=True).stdout
    if "Solution Type: solved" not in text or "Solution:" not in text:
        raise RuntimeError(f"solvitaire --type {game_type} --random {seed} did not print a solution")
    body = text.split("Solution:", 1)[1].split("Solution Type:", 1)[0]
    states = [parse_state(chunk.split("\n")) for chunk in re.split(r"^=+$", body, flags=re.M) if "--- Foundations" in chunk]
    return {"type": game_type, "seed": seed, "states": states}


def main():
    args, version = arguments_and_version(__doc__, OUT)
    lines = [solution(args.solvitaire, game_type, seed) for game_type, seeds in SEEDS.items() for seed in seeds]
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("{\n")
        out.write(f'  "about": {json.dumps("solvitaire --type TYPE --random SEED, every printed state of its winning line as [foundations C H S D, tableau piles, reserve, stock, waste], piles bottom first; made by scripts/solvitaire/canfield_solutions.py")},\n')
        out.write(f'  "solvitaire": {json.dumps("github.com/thecharlieblake/Solvitaire 2398305a (version " + version + ")")},\n')
        out.write('  "solutions": [\n')
        blocks = []
        for entry in lines:
            states = ",\n".join("      " + json.dumps(state) for state in entry["states"])
            blocks.append(f'    {{"type": {json.dumps(entry["type"])}, "seed": {entry["seed"]}, "states": [\n{states}\n    ]}}')
        out.write(",\n".join(blocks))
        out.write("\n  ]\n}\n")
    print(f"{len(lines)} solutions, {sum(len(entry['states']) for entry in lines)} states, written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
