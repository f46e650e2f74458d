# What the scripts that drive Solvitaire share: their command line (--solvitaire, --out) and the binary's version.
import argparse
import re
import subprocess


def arguments_and_version(doc, default_out):
    """Parses --solvitaire BINARY and --out FILE (the script's docstring's first paragraph as help); returns (args, version)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--solvitaire", required=True, help="the Solvitaire binary")
    parser.add_argument("--out", default=default_out)
    args = parser.parse_args()
    # it says its version on stderr: "[info] (Solvitaire version: 0.10.1)"
    shown = subprocess.run([args.solvitaire, "--version"], check=True, capture_output=True, text=True)
    return args, re.search(r"version: ([^)\s]+)", shown.stdout + shown.stderr).group(1)
