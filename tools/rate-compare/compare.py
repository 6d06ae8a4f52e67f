#!/usr/bin/env python3
"""Compare sudoku81's ratings with HoDoKu's and with published Sudoku Explainer ratings.

    compare.py --ours ours.tsv --hodoku hodoku.tsv [--se se.tsv] [--ours-seconds S]
    compare.py --hodoku-vs-se --hodoku hodoku.tsv --se se.tsv [--mix mix.tsv]

Python standard library only. The input formats are in README.md.
"""
import argparse
import math
import sys
from collections import Counter

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]
# A hardest technique naming one of these means the rater needed its last resort.
LAST_RESORT_WORDS = ("forcing", "brute", "template", "trial", "nishio", "bowman", "guess",
                     "backtrack", "last resort", "kraken")


def fields(line):
    """Split on tabs, or on runs of 2+ spaces when the line has no tab."""
    line = line.rstrip("\r\n")
    if "\t" in line:
        return [f.strip() for f in line.split("\t")]
    out, cur, spaces = [], [], 0
    for ch in line.strip():
        if ch == " ":
            spaces += 1
            continue
        if spaces:
            if spaces >= 2:
                out.append("".join(cur))
                cur = []
            else:
                cur.append(" ")
            spaces = 0
        cur.append(ch)
    if cur:
        out.append("".join(cur))
    return out


def is_puzzle(s):
    return len(s) == 81 and all(c in ".0123456789" for c in s)


def norm(p):
    return p.replace("0", ".")


def data_lines(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                yield fields(line)


def number(s):
    """The first number in s: '7.2', 'ED=7.2/1.2/1.2', 'ER=11.9' all give a float."""
    num = ""
    for ch in s:
        if ch.isdigit() or (ch == "." and num and "." not in num):
            num += ch
        elif num:
            break
    return float(num) if num else None


def level_of(s):
    s = s.strip().lower()
    return s if s in LEVELS else "other"


def read_ours(path, puzzles_path=None):
    """puzzle -> (level, score, hardest). Lines are PUZZLE LEVEL SCORE HARDEST, or,
    with --puzzles, LEVEL SCORE HARDEST in the order of that file."""
    order = None
    if puzzles_path:
        order = [norm(f[0]) for f in data_lines(puzzles_path) if is_puzzle(f[0])]
    rows, i = {}, 0
    for f in data_lines(path):
        if is_puzzle(f[0]):
            puzzle, rest = norm(f[0]), f[1:]
        elif order is not None and i < len(order):
            puzzle, rest = order[i], f
        else:
            sys.exit(f"compare: {path}: a line without a puzzle, and no --puzzles: {f}")
        i += 1
        rest += [""] * (3 - len(rest))
        rows[puzzle] = {"level": level_of(rest[0]), "score": number(rest[1]),
                        "hardest": rest[2]}
        rows[puzzle]["last_resort"] = any(w in rest[2].lower() for w in LAST_RESORT_WORDS)
    return rows


def read_hodoku(path):
    rows = {}
    for f in data_lines(path):
        if len(f) >= 7 and is_puzzle(f[0]):
            rows[norm(f[0])] = {"level": level_of(f[1]), "score": number(f[2]),
                                "hardest": f[3], "last_resort": f[4] == "yes",
                                "seconds": float(f[6])}
    return rows


def read_se(path):
    se = {}
    for f in data_lines(path):
        if len(f) >= 2 and is_puzzle(f[0]) and number(f[1]) is not None:
            se[norm(f[0])] = number(f[1])
    return se


def read_mix(path):
    return {norm(f[0]): f[1] for f in data_lines(path) if len(f) >= 2 and is_puzzle(f[0])}


def ranks(xs):
    """Ranks 1..n, ties given the average of the ranks they span."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def pearson(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def spearman(xs, ys):
    """Spearman's rho: Pearson's r of the tie-averaged ranks."""
    return pearson(ranks(xs), ranks(ys)) if len(xs) > 1 else float("nan")


def spearman_line(name, pairs):
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    rho = spearman([x for x, _ in pairs], [y for _, y in pairs])
    print(f"  {name:<34} rho = {rho:6.3f}   (n = {len(pairs)})")


def share(n, d):
    return f"{n}/{d} = {100 * n / d:5.1f}%" if d else "n/a"


def confusion(title, rows_label, pairs):
    """pairs: (row level, column level). Prints a 5x5 (+other) table."""
    labels = LEVELS + (["other"] if any("other" in p for p in pairs) else [])
    count = Counter(pairs)
    print(f"\n{title} (rows: {rows_label})")
    print("  " + " " * 9 + "".join(f"{c:>9}" for c in labels))
    for r in labels:
        print(f"  {r:<9}" + "".join(f"{count[(r, c)]:>9}" for c in labels))


def level_distribution(title, rows):
    """One line: how many of `rows` HoDoKu puts at each level, and its rate on them."""
    if not rows:
        return
    c = Counter(r["level"] for r in rows)
    n, secs = len(rows), sum(r["seconds"] for r in rows)
    parts = [f"{lv} {c[lv]} ({100 * c[lv] / n:.1f}%)" for lv in LEVELS + ["other"] if c[lv]]
    rate = f"{n / secs:8.2f}/s" if secs else " " * 10
    print(f"  {title:<12} n={n:<5} {rate}  " + ", ".join(parts))


def percentile(values):
    """puzzle -> rank / n, so scores on different scales can be set side by side."""
    keys = list(values)
    r = ranks([values[k] for k in keys])
    return {k: x / len(keys) for k, x in zip(keys, r)}


def speed(hodoku, keys, ours_seconds):
    secs = sum(hodoku[k]["seconds"] for k in keys)
    print("\nSpeed (puzzles rated per second, one core, same puzzles)")
    if secs:
        print(f"  HoDoKu (hodoku-py)   {len(keys) / secs:10.2f} /s   ({len(keys)} in {secs:.1f} s)")
    if ours_seconds:
        print(f"  sudoku81             {len(keys) / ours_seconds:10.2f} /s   "
              f"({len(keys)} in {ours_seconds:.3f} s)")
        if secs:
            print(f"  ratio                {secs / ours_seconds:10.1f} x")


def hodoku_vs_se(hodoku, se, mix):
    keys = [k for k in hodoku if k in se]
    print(f"HoDoKu vs Sudoku Explainer: {len(hodoku)} rated by HoDoKu, {len(keys)} with an SE rating")
    print("\nSpearman rank correlation")
    spearman_line("HoDoKu score vs SE", [(hodoku[k]["score"], se[k]) for k in keys])
    spearman_line("HoDoKu level vs SE",
                  [(LEVELS.index(hodoku[k]["level"]) if hodoku[k]["level"] in LEVELS else None,
                    se[k]) for k in keys])
    print("\nHoDoKu level distribution, and puzzles rated per second")
    level_distribution("all", list(hodoku.values()))
    if mix:
        for src in sorted(set(mix.values())):
            level_distribution(src, [r for k, r in hodoku.items() if mix.get(k) == src])
    bands = [(0, 2.5), (2.5, 4.0), (4.0, 5.0), (5.0, 6.5), (6.5, 8.0), (8.0, 9.5), (9.5, 13)]
    print("\nHoDoKu level by SE band")
    print("  " + " " * 12 + "".join(f"{c:>9}" for c in LEVELS))
    for lo, hi in bands:
        c = Counter(hodoku[k]["level"] for k in keys if lo <= se[k] < hi)
        if sum(c.values()):
            print(f"  {f'{lo}-{hi}':<12}" + "".join(f"{c[lv]:>9}" for lv in LEVELS))
    lr = sum(r["last_resort"] for r in hodoku.values())
    print(f"\nHoDoKu solves without its last resort: {share(len(hodoku) - lr, len(hodoku))}")
    ph = percentile({k: hodoku[k]["score"] for k in keys})
    ps = percentile({k: se[k] for k in keys})
    worst = sorted(keys, key=lambda k: -abs(ph[k] - ps[k]))[:20]
    print("\nThe 20 puzzles where HoDoKu and SE disagree most (percentile of score)")
    for k in worst:
        h = hodoku[k]
        print(f"  {k}  SE {se[k]:4.1f} ({ps[k]:.2f})  HoDoKu {h['level']:<7} {h['score']:>6.0f} "
              f"({ph[k]:.2f}) {h['hardest']}")
    speed(hodoku, list(hodoku), None)


def ours_vs_hodoku(ours, hodoku, se, ours_seconds):
    keys = [k for k in ours if k in hodoku]
    n = len(keys)
    print(f"sudoku81 vs HoDoKu: {n} puzzles rated by both ({len(ours)} ours, {len(hodoku)} HoDoKu)")
    if not n:
        return
    same = sum(ours[k]["level"] == hodoku[k]["level"] for k in keys)
    print(f"\nSame level as HoDoKu: {share(same, n)}   (goal: at least 85%)")
    confusion("Level confusion", "sudoku81, columns: HoDoKu",
              [(ours[k]["level"], hodoku[k]["level"]) for k in keys])
    print("\nSpearman rank correlation")
    spearman_line("sudoku81 score vs HoDoKu score", [(ours[k]["score"], hodoku[k]["score"]) for k in keys])
    if se:
        sk = [k for k in keys if k in se]
        spearman_line("sudoku81 score vs SE", [(ours[k]["score"], se[k]) for k in sk])
        spearman_line("HoDoKu score vs SE", [(hodoku[k]["score"], se[k]) for k in sk])
        diffs = [abs(ours[k]["score"] - se[k]) for k in sk if ours[k]["score"] is not None]
        if diffs:
            close = sum(d < 0.05 for d in diffs)
            print(f"  sudoku81 score equal to SE's:      {share(close, len(diffs))}, "
                  f"mean |difference| {sum(diffs) / len(diffs):.2f}")
    print("\nSolved without the last resort")
    print(f"  sudoku81  {share(sum(not ours[k]['last_resort'] for k in keys), n)}")
    print(f"  HoDoKu    {share(sum(not hodoku[k]['last_resort'] for k in keys), n)}")
    po = percentile({k: ours[k]["score"] or 0.0 for k in keys})
    ph = percentile({k: hodoku[k]["score"] for k in keys})

    def gap(k):
        lo, lh = ours[k]["level"], hodoku[k]["level"]
        dl = abs(LEVELS.index(lo) - LEVELS.index(lh)) if lo in LEVELS and lh in LEVELS else 5
        return (dl, abs(po[k] - ph[k]))
    print("\nThe 20 puzzles where we disagree most with HoDoKu (level gap, then score percentile gap)")
    for k in sorted(keys, key=gap, reverse=True)[:20]:
        o, h = ours[k], hodoku[k]
        sev = f"SE {se[k]:4.1f}" if se and k in se else "SE  -  "
        print(f"  {k}  {sev}\n      ours   {o['level']:<7} {o['score'] or 0:>7.1f}  {o['hardest']}"
              f"\n      HoDoKu {h['level']:<7} {h['score']:>7.0f}  {h['hardest']}")
    speed(hodoku, keys, ours_seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ours", help="our ratings: PUZZLE LEVEL SCORE HARDEST per line")
    ap.add_argument("--puzzles", help="puzzle file when --ours lines lack the puzzle")
    ap.add_argument("--ours-seconds", type=float, help="wall time of our whole rating run")
    ap.add_argument("--hodoku", required=True, help="output of hodoku_rate.py")
    ap.add_argument("--se", help="published SE ratings: PUZZLE SE per line")
    ap.add_argument("--mix", help="PUZZLE SOURCE per line, for per-source level counts")
    ap.add_argument("--hodoku-vs-se", action="store_true", help="HoDoKu against SE only")
    args = ap.parse_args()
    hodoku = read_hodoku(args.hodoku)
    se = read_se(args.se) if args.se else {}
    if args.hodoku_vs_se:
        if not se:
            sys.exit("compare: --hodoku-vs-se needs --se")
        hodoku_vs_se(hodoku, se, read_mix(args.mix) if args.mix else {})
    elif args.ours:
        ours_vs_hodoku(read_ours(args.ours, args.puzzles), hodoku, se, args.ours_seconds)
    else:
        sys.exit("compare: give --ours, or --hodoku-vs-se")


if __name__ == "__main__":
    main()
