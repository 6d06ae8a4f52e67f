/*
 * harness.c: times sudoku81's C ABI (libsudoku.a, include/sudoku.h) against Tdoku's
 * TdokuSolverDpllTriadSimd, in one process, on the same puzzles. Our own code: it only
 * declares Tdoku's entry point, which the build links from a Tdoku checkout outside this
 * repository (see README.md and run.sh).
 *
 *   harness [-r rounds] [-c chunk] [-m min_round_ms] [-l label] [-t] [-n max_lines] file...
 *
 * -n applies to the files that follow it (0 = all lines); it may be given several times.
 * -t prints tab-separated rows (for run.sh) instead of the table.
 *
 * For each file and each of two modes, solve (ours: memcpy the line into a fresh buffer, then
 * sudoku_solve; Tdoku: limit 1) and count2 (ours: sudoku_count_solutions(.., 2); Tdoku:
 * limit 2), it runs `rounds` rounds. A round walks the file (repeated as many passes as
 * needed for the round to last >= min_round_ms), in chunks of `chunk` puzzles, timing ours
 * and Tdoku alternately on each chunk (the one that goes first alternates too) with
 * CLOCK_THREAD_CPUTIME_ID. The best (lowest) round of each solver is kept and reported as
 * mean microseconds per puzzle.
 *
 * Exit status 1 if a file has no puzzle or the solvers disagree on one (reported on stderr).
 *
 * Before timing, an untimed pass checks that both solvers agree: solved or not, the same
 * solution when it is unique, a valid solution from ours, and the same count capped at 2.
 * It also sums the guesses each needs to the first solution, which the two count
 * differently: ours counts every digit tried on a cell (sudoku_solve_stats), Tdoku one per
 * decision, whose second branch (the negation) it does not count.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

#define STRIDE 96 /* bytes per stored puzzle: 81 cells, NUL, padding (Tdoku reads 16B blocks) */

static volatile uint64_t g_sink;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

typedef struct {
    char *buf; /* n * STRIDE bytes */
    size_t n;
} set_t;

static int load(const char *path, size_t max_lines, set_t *set) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return -1; }
    size_t cap = 1024, n = 0, skipped = 0;
    char *buf = calloc(cap, STRIDE);
    char line[4096];
    if (!buf) { fclose(f); fprintf(stderr, "out of memory\n"); return -1; }
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        if (len == 0) continue;
        if (len != 81) { skipped++; continue; }
        for (size_t i = 0; i < 81; i++) if (line[i] == '0') line[i] = '.'; /* Tdoku wants '.' */
        if (n == cap) {
            char *grown = realloc(buf, 2 * cap * STRIDE);
            if (!grown) { free(buf); fclose(f); fprintf(stderr, "out of memory\n"); return -1; }
            buf = grown;
            memset(buf + cap * STRIDE, 0, cap * STRIDE);
            cap *= 2;
        }
        memcpy(buf + n * STRIDE, line, 81);
        buf[n * STRIDE + 81] = 0;
        n++;
        if (max_lines && n >= max_lines) break;
    }
    fclose(f);
    if (skipped) fprintf(stderr, "%s: skipped %zu lines not 81 chars\n", path, skipped);
    set->buf = buf;
    set->n = n;
    return 0;
}

/* ---- the four timed operations, over puzzles [k0, k1) of the repeated sequence ---- */

static uint64_t run_ours_solve(const set_t *s, size_t k0, size_t k1) {
    uint64_t acc = 0;
    char grid[STRIDE];
    for (size_t k = k0; k < k1; k++) {
        const char *p = s->buf + (k % s->n) * STRIDE;
        memcpy(grid, p, 82);
        int rc = sudoku_solve(grid);
        acc += (uint64_t)(rc + 16) + (unsigned char)grid[k % 81];
    }
    return acc;
}

static uint64_t run_tdoku_solve(const set_t *s, size_t k0, size_t k1) {
    uint64_t acc = 0;
    char sol[STRIDE];
    size_t guesses;
    for (size_t k = k0; k < k1; k++) {
        const char *p = s->buf + (k % s->n) * STRIDE;
        size_t c = TdokuSolverDpllTriadSimd(p, 1, 0, sol, &guesses);
        acc += c + (unsigned char)sol[k % 81];
    }
    return acc;
}

static uint64_t run_ours_count2(const set_t *s, size_t k0, size_t k1) {
    uint64_t acc = 0;
    for (size_t k = k0; k < k1; k++)
        acc += (uint64_t)(sudoku_count_solutions(s->buf + (k % s->n) * STRIDE, 2) + 16);
    return acc;
}

static uint64_t run_tdoku_count2(const set_t *s, size_t k0, size_t k1) {
    uint64_t acc = 0;
    char sol[STRIDE];
    size_t guesses;
    for (size_t k = k0; k < k1; k++)
        acc += TdokuSolverDpllTriadSimd(s->buf + (k % s->n) * STRIDE, 2, 0, sol, &guesses);
    return acc;
}

typedef uint64_t (*runner_t)(const set_t *, size_t, size_t);

/* ---- correctness ---- */

static int valid_solution(const char *puzzle, const char *sol) {
    for (int i = 0; i < 81; i++) {
        if (sol[i] < '1' || sol[i] > '9') return 0;
        if (puzzle[i] != '.' && puzzle[i] != sol[i]) return 0;
    }
    for (int u = 0; u < 9; u++) {
        unsigned r = 0, c = 0, b = 0;
        for (int j = 0; j < 9; j++) {
            r |= 1u << (sol[u * 9 + j] - '1');
            c |= 1u << (sol[j * 9 + u] - '1');
            b |= 1u << (sol[((u / 3) * 3 + j / 3) * 9 + (u % 3) * 3 + j % 3] - '1');
        }
        if (r != 0x1ff || c != 0x1ff || b != 0x1ff) return 0;
    }
    return 1;
}

typedef struct {
    size_t solved_ours, solved_tdoku;    /* solve mode: puzzles solved */
    size_t c2[3];                        /* count2 histogram (ours) */
    size_t mismatches;
    uint64_t guesses_ours, guesses_tdoku; /* to the first solution, summed */
} check_t;

static void check(const char *name, const set_t *s, check_t *ck) {
    memset(ck, 0, sizeof *ck);
    char grid[STRIDE], sol[STRIDE], sol2[STRIDE];
    size_t guesses;
    int shown = 0;
    for (size_t i = 0; i < s->n; i++) {
        const char *p = s->buf + i * STRIDE;
        memcpy(grid, p, 82);
        sudoku_stats_t stats;
        int rc = sudoku_solve_stats(grid, &stats);
        guesses = 0;
        size_t t1 = TdokuSolverDpllTriadSimd(p, 1, 0, sol, &guesses);
        ck->guesses_ours += stats.guesses;
        ck->guesses_tdoku += guesses;
        int oc = sudoku_count_solutions(p, 2);
        size_t t2 = TdokuSolverDpllTriadSimd(p, 2, 0, sol2, &guesses);
        int bad = 0;
        if (rc == SUDOKU_OK) ck->solved_ours++;
        if (t1 >= 1) ck->solved_tdoku++;
        if ((rc == SUDOKU_OK) != (t1 >= 1)) bad = 1;
        if (rc == SUDOKU_OK && !valid_solution(p, grid)) bad = 2;
        if (oc < 0 || (size_t)oc != t2) bad = 3;
        if (!bad && oc == 1 && memcmp(grid, sol, 81) != 0) bad = 4;
        if (oc >= 0 && oc <= 2) ck->c2[oc]++;
        if (bad) {
            ck->mismatches++;
            if (shown++ < 5)
                fprintf(stderr, "%s line %zu: mismatch kind %d: ours solve rc=%d count2=%d, "
                        "tdoku limit1=%zu limit2=%zu\n  %.81s\n", name, i + 1, bad, rc, oc, t1, t2, p);
        }
    }
}

/* ---- timing ---- */

typedef struct {
    double best_ns[2]; /* best round total, [0]=ours [1]=tdoku */
    size_t per_round;  /* puzzles solved per round by each solver */
} timing_t;

static void time_mode(const set_t *s, runner_t ours, runner_t tdoku, int rounds, size_t chunk,
                      double min_round_ns, timing_t *t) {
    /* calibrate: one warm-up pass of each (also warms caches and branch predictors) */
    double a = now_ns();
    g_sink += ours(s, 0, s->n);
    double b = now_ns();
    g_sink += tdoku(s, 0, s->n);
    double c = now_ns();
    double pass_ns = (b - a) + (c - b);
    size_t passes = 1;
    if (pass_ns > 0 && pass_ns < min_round_ns) passes = (size_t)(min_round_ns / pass_ns) + 1;
    size_t total = passes * s->n;
    t->per_round = total;
    t->best_ns[0] = t->best_ns[1] = 1e300;
    for (int r = 0; r < rounds; r++) {
        double acc[2] = {0, 0};
        size_t ci = 0;
        for (size_t k = 0; k < total; k += chunk, ci++) {
            size_t e = k + chunk < total ? k + chunk : total;
            int first = (int)((ci + (size_t)r) & 1); /* who goes first alternates */
            for (int w = 0; w < 2; w++) {
                int who = w ^ first;
                double t0 = now_ns();
                g_sink += (who == 0 ? ours : tdoku)(s, k, e);
                acc[who] += now_ns() - t0;
            }
        }
        for (int w = 0; w < 2; w++)
            if (acc[w] < t->best_ns[w]) t->best_ns[w] = acc[w];
    }
}

static const char *base(const char *p) {
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

int main(int argc, char **argv) {
    int rounds = 5, tsv = 0;
    size_t chunk = 500, max_lines = 0;
    double min_ms = 50;
    const char *label = "ours";
    int header_done = 0, status = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r") && i + 1 < argc) { rounds = atoi(argv[++i]); continue; }
        if (!strcmp(argv[i], "-c") && i + 1 < argc) { chunk = strtoul(argv[++i], 0, 10); continue; }
        if (!strcmp(argv[i], "-m") && i + 1 < argc) { min_ms = atof(argv[++i]); continue; }
        if (!strcmp(argv[i], "-n") && i + 1 < argc) { max_lines = strtoul(argv[++i], 0, 10); continue; }
        if (!strcmp(argv[i], "-l") && i + 1 < argc) { label = argv[++i]; continue; }
        if (!strcmp(argv[i], "-t")) { tsv = 1; continue; }
        if (!strcmp(argv[i], "-h")) {
            fprintf(stderr, "usage: %s [-r rounds] [-c chunk] [-m min_round_ms] [-l label] [-t] "
                    "[-n max_lines] file...\n", argv[0]);
            return 0;
        }
        if (rounds < 1) rounds = 1;
        if (chunk < 1) chunk = 1;
        set_t s;
        if (load(argv[i], max_lines, &s) || s.n == 0) {
            fprintf(stderr, "%s: no puzzles\n", argv[i]);
            status = 1;
            continue;
        }
        check_t ck;
        check(base(argv[i]), &s, &ck);
        if (ck.mismatches) status = 1;
        timing_t ts, tc;
        time_mode(&s, run_ours_solve, run_tdoku_solve, rounds, chunk, min_ms * 1e6, &ts);
        time_mode(&s, run_ours_count2, run_tdoku_count2, rounds, chunk, min_ms * 1e6, &tc);
        double os = ts.best_ns[0] / ts.per_round / 1e3, tds = ts.best_ns[1] / ts.per_round / 1e3;
        double oc = tc.best_ns[0] / tc.per_round / 1e3, tdc = tc.best_ns[1] / tc.per_round / 1e3;
        if (tsv) {
            if (!header_done++)
                printf("label\tfile\tpuzzles\tours_solve_us\ttdoku_solve_us\ttdoku_over_ours_solve\t"
                       "ours_count2_us\ttdoku_count2_us\ttdoku_over_ours_count2\tsolved\tc2_0\tc2_1\tc2_2\tmismatches\t"
                       "ours_guesses\ttdoku_guesses\n");
            printf("%s\t%s\t%zu\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%zu\t%zu\t%zu\t%zu\t%zu\t%.2f\t%.2f\n",
                   label, base(argv[i]), s.n, os, tds, tds / os, oc, tdc, tdc / oc, ck.solved_ours,
                   ck.c2[0], ck.c2[1], ck.c2[2], ck.mismatches,
                   (double)ck.guesses_ours / (double)s.n, (double)ck.guesses_tdoku / (double)s.n);
        } else {
            if (!header_done++)
                printf("%-28s %7s | %10s %10s %7s | %10s %10s %7s | %15s | %s\n", "file", "puzzles",
                       "ours solve", "tdoku", "td/ours", "ours cnt2", "tdoku", "td/ours",
                       "guesses ours/td", "check (solved; count2 0/1/2; mismatches)");
            printf("%-28s %7zu | %10.2f %10.2f %7.2f | %10.2f %10.2f %7.2f | %7.1f/%7.1f | "
                   "%zu; %zu/%zu/%zu; %zu\n",
                   base(argv[i]), s.n, os, tds, tds / os, oc, tdc, tdc / oc,
                   (double)ck.guesses_ours / (double)s.n, (double)ck.guesses_tdoku / (double)s.n,
                   ck.solved_ours, ck.c2[0], ck.c2[1], ck.c2[2], ck.mismatches);
        }
        fflush(stdout);
        free(s.buf);
    }
    return status;
}
