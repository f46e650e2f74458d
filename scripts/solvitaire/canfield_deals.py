#!/usr/bin/env python3
# Makes test/fixtures/solvitaire-canfield-deals.json: the deals Solvitaire itself prints for chosen seeds of its canfield and canfield-strict.
"""
Run by hand (not by npm test), from the repository root, with a Solvitaire binary built outside the repository
(github.com/thecharlieblake/Solvitaire, commit 2398305a, its src/main built with g++ and Boost's program_options):

    python3 scripts/solvitaire/canfield_deals.py --solvitaire SOLVITAIRE_BINARY

(Made with Solvitaire 2398305a, g++ 12.2 and Boost 1.74 on Debian 12.)

For each game type and seed it runs `solvitaire --type TYPE --random SEED --deal-only` and keeps the
piles exactly as printed: each pile bottom card first, 10 written `10`, the tableau piles in the order
Solvitaire keeps them (it sorts them for symmetry as it places cards, so that order is not the deal's),
the foundations in its suit order C, H, S, D. The test (test/solvitaire-deals.test.ts) reads them into
eaglewing's deal string itself. Output is deterministic: run it twice and the file is byte for byte the same.
"""
import json
import subprocess
import sys

from solvitaire_run import arguments_and_version

TYPES = ["canfield", "canfield-strict"]
# 0-49 as --solvability 50 would take them, the peers file's slow seed 112, and large ones up to
# Solvitaire's last seed (it reads --random as a C++ int; -1 means "none").
SEEDS = list(range(50)) + [112, 199, 1000, 12345, 65535, 65536, 1000000, 123456789, 2147483646, 2147483647]
OUT = "test/fixtures/solvitaire-canfield-deals.json"


def deal(binary, game_type, seed):
    text = subprocess.run([binary, "--type", game_type, "--random", str(seed), "--deal-only"],
                          check=True, capture_output=True, text=True).stdout
    printed = json.loads(text)
    piles = {key: printed[key] for key in ["tableau piles", "reserve", "foundations", "stock", "waste"]}
    return {"type": game_type, "seed": seed, **piles}


def main():
    args, version = arguments_and_version(__doc__, OUT)
    deals = [deal(args.solvitaire, game_type, seed) for game_type in TYPES for seed in SEEDS]
    document = {
        "about": "solvitaire --type TYPE --random SEED --deal-only, piles as printed (bottom card first); made by scripts/solvitaire/canfield_deals.py",
        "solvitaire": "github.com/thecharlieblake/Solvitaire 2398305a (version " + version + ")",
        "deals": deals,
    }
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("{\n")
        out.write(f'  "about": {json.dumps(document["about"])},\n')
        out.write(f'  "solvitaire": {json.dumps(document["solvitaire"])},\n')
        out.write('  "deals": [\n')
        out.write(",\n".join("    " + json.dumps(entry) for entry in deals))
        out.write("\n  ]\n}\n")
    print(f"{len(deals)} deals written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
