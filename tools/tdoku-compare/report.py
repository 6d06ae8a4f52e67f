"""Summarises the rows run.sh collected: per (library, file), the best time of each solver
over the alternations, Tdoku's time over ours (above 1: we are faster), the guesses to the
first solution, and, with several libraries, each one's time against the first's.

    python3 report.py RESULTS.tsv LABEL...
"""
import csv
import signal
import sys

TIMES = ("ours_solve_us", "tdoku_solve_us", "ours_count2_us", "tdoku_count2_us")


def main():
    path, labels = sys.argv[1], sys.argv[2:]
    with open(path) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    best, files = {}, []
    for r in rows:
        if r["file"] not in files:
            files.append(r["file"])
        b = best.setdefault((r["label"], r["file"]), dict(r))
        for c in TIMES:
            b[c] = min(float(b[c]), float(r[c]))
        b["mismatches"] = max(int(b["mismatches"]), int(r["mismatches"]))
    print(f"best of each (library, file) over its runs; microseconds per puzzle, thread CPU "
          f"time; td/ours above 1 means sudoku81 is faster; raw rows: {path}")
    hdr = (f"{'file':<30} {'library':<10} {'puzzles':>7} | {'ours solve':>10} {'tdoku':>9} "
           f"{'td/ours':>7} | {'ours cnt2':>10} {'tdoku':>9} {'td/ours':>7} | "
           f"{'guesses ours/td':>15} | check")
    print(hdr)
    print("-" * len(hdr))
    for f in files:
        for label in labels:
            b = best.get((label, f))
            if not b:
                continue
            os_, ts, oc, tc = (float(b[c]) for c in TIMES)
            check = (f"solved {b['solved']}; count2 {b['c2_0']}/{b['c2_1']}/{b['c2_2']}; "
                     f"mismatches {b['mismatches']}")
            guesses = f"{float(b['ours_guesses']):.1f}/{float(b['tdoku_guesses']):.1f}"
            print(f"{f:<30} {label:<10} {b['puzzles']:>7} | {os_:>10.2f} {ts:>9.2f} "
                  f"{ts / os_:>7.2f} | {oc:>10.2f} {tc:>9.2f} {tc / oc:>7.2f} | "
                  f"{guesses:>15} | {check}")
    if len(labels) > 1:
        first = labels[0]
        print(f"\ntime against {first} (below 1: faster than {first}; normalised: each "
              f"run's time over Tdoku's in the same binary, which cancels the machine's drift)")
        for f in files:
            for label in labels[1:]:
                x, y = best.get((first, f)), best.get((label, f))
                if not (x and y):
                    continue
                g = lambda r, c: float(r[c])
                solve = g(y, "ours_solve_us") / g(x, "ours_solve_us")
                count = g(y, "ours_count2_us") / g(x, "ours_count2_us")
                solve_n = (g(y, "ours_solve_us") / g(y, "tdoku_solve_us")) / (
                    g(x, "ours_solve_us") / g(x, "tdoku_solve_us"))
                count_n = (g(y, "ours_count2_us") / g(y, "tdoku_count2_us")) / (
                    g(x, "ours_count2_us") / g(x, "tdoku_count2_us"))
                print(f"  {f:<30} {label:<10} solve {solve:.3f} (normalised {solve_n:.3f})  "
                      f"count2 {count:.3f} (normalised {count_n:.3f})")


if __name__ == "__main__":
    # A reader that stops early (`| head`, `grep -q`) ends the report quietly, as a
    # command-line tool's output should, instead of with a BrokenPipeError.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
