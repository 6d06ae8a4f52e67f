#!/usr/bin/env python3
"""Rate puzzles with hodoku-py and print one TSV line per puzzle, in input order.

    hodoku_rate.py [-j N] [--cache FILE] PUZZLES... > hodoku.tsv

Columns: puzzle, level, score, hardest technique, last_resort (yes/no), steps,
seconds (CPU time of the solve, so a busy machine or -j does not inflate it), techniques
used (NAME:COUNT,...). A line of a PUZZLES file is read up to its
first blank or tab, so the SE and mix files of this folder work as they are.

Runs in the throw-away venv that holds hodoku-py (GPL-3; see README.md): it is a tool
we compare against, never a dependency of sudoku81.
"""
import argparse
import multiprocessing
import sys
import time
from collections import Counter

from hodoku import Solver
from hodoku.core.scoring import STEP_CONFIG
from hodoku.core.types import SolutionCategory, SolutionType

COLUMNS = ["puzzle", "level", "score", "hardest", "last_resort", "steps", "seconds",
           "techniques"]

# HoDoKu's last resort: forcing chains and nets, kraken fish, templates, brute force.
LAST_RESORT = {t for t, c in STEP_CONFIG.items() if c.category == SolutionCategory.LAST_RESORT}

_solver = None


def read_puzzles(paths):
    puzzles = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                field = line.split(None, 1)[0] if line.strip() else ""
                if len(field) == 81 and not field.startswith("#"):
                    puzzles.append(field.replace("0", "."))
    return puzzles


def rate(puzzle):
    """One TSV row (a list of strings) for `puzzle`."""
    global _solver
    if _solver is None:
        _solver = Solver()
    start = time.process_time()
    try:
        result = _solver.solve(puzzle)
    except ValueError as e:
        return [puzzle, "invalid", "0", str(e), "no", "0", "0", ""]
    seconds = time.process_time() - start
    hardest = None
    for step in result.steps:
        cfg = STEP_CONFIG.get(step.type)
        key = (cfg.level.value, cfg.base_score) if cfg else (0, 0)
        if hardest is None or key > hardest[0]:
            hardest = (key, step.type)
    counts = Counter(step.type.value for step in result.steps)
    level = result.level.name.lower() if result.solved else "unsolved"
    return [
        puzzle,
        level,
        str(result.score),
        hardest[1].value if hardest else "",
        "yes" if any(s.type in LAST_RESORT for s in result.steps) else "no",
        str(len(result.steps)),
        f"{seconds:.4f}",
        ",".join(f"{name}:{n}" for name, n in counts.items()),
    ]


def load_cache(path):
    rows = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == len(COLUMNS) and not line.startswith("#"):
                    rows[fields[0]] = fields
    except FileNotFoundError:
        pass
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", nargs="+", help="files with one puzzle per line")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--cache", help="TSV of earlier results: reused, and new rows appended")
    args = ap.parse_args()

    puzzles = read_puzzles(args.puzzles)
    cache = load_cache(args.cache) if args.cache else {}
    todo = list(dict.fromkeys(p for p in puzzles if p not in cache))
    print(f"hodoku_rate: {len(puzzles)} puzzles, {len(puzzles) - len(todo)} cached, "
          f"{len(todo)} to rate", file=sys.stderr)
    out = open(args.cache, "a", encoding="utf-8") if args.cache else None
    with multiprocessing.Pool(args.jobs) as pool:
        for i, row in enumerate(pool.imap(rate, todo), 1):
            cache[row[0]] = row
            if out:
                out.write("\t".join(row) + "\n")
                out.flush()
            if i % 50 == 0:
                print(f"hodoku_rate: {i}/{len(todo)}", file=sys.stderr)
    if out:
        out.close()
    print("#" + "\t".join(COLUMNS))
    for p in puzzles:
        print("\t".join(cache[p]))


if __name__ == "__main__":
    main()
