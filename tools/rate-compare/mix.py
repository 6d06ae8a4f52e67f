#!/usr/bin/env python3
"""Build the puzzle mix: a fixed-seed sample of each source, written as PUZZLE<TAB>SOURCE.

    mix.py --data ../shared/data --se data/se_sample.tsv --generated gen.txt [--seed 14] > mix.tsv

Every SE-rated puzzle is kept; the other sources are sampled (sizes below, or NAME=N
arguments such as top1465=100). Puzzles already taken are not repeated. Standard library only.
"""
import argparse
import os
import random

# source name -> (file in --data, puzzles taken). With the SE sample and 500 generated
# puzzles the mix holds about 2 300 puzzles, from all-singles easy to forcing-net extreme.
SAMPLES = {
    "kaggle": ("kaggle_sample.txt", 300),
    "top1465": ("top1465.txt", 450),
    "17clue": ("17clue.txt", 400),
    "hardest1106": ("hardest1106.txt", 100),
    "hardest1905": ("hardest1905_11plus.txt", 100),
}


def puzzles(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            field = line.split(None, 1)[0] if line.strip() else ""
            if len(field) == 81 and not field.startswith("#"):
                yield field.replace("0", ".")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="folder of the shared puzzle files")
    ap.add_argument("--se", help="SE-rated puzzles (PUZZLE SE SOURCE), all kept")
    ap.add_argument("--generated", help="puzzles from `sudoku generate`, all kept")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("sizes", nargs="*", help="NAME=N overrides, e.g. 17clue=100")
    args = ap.parse_args()
    sizes = {name: n for name, (_, n) in SAMPLES.items()}
    for arg in args.sizes:
        name, n = arg.split("=")
        sizes[name] = int(n)

    seen = set()

    def emit(p, source):
        if p not in seen:
            seen.add(p)
            print(f"{p}\t{source}")

    if args.se:
        for p in puzzles(args.se):
            emit(p, "se")
    if args.generated:
        for p in puzzles(args.generated):
            emit(p, "generated")
    rng = random.Random(args.seed)
    for name, (file, _) in SAMPLES.items():
        pool = list(puzzles(os.path.join(args.data, file)))
        picked = sorted(rng.sample(range(len(pool)), min(sizes[name], len(pool))))
        for i in picked:
            emit(pool[i], name)


if __name__ == "__main__":
    main()
