/*
 * The C ABI contract of libsudoku, checked from C: every return code, buffers left
 * byte-for-byte unchanged on errors, in-place layouts, counts, messages, the
 * length-taking variants, the resumable solver, the generator (one call and in slices),
 * the resumable rating, and reading bounds against a PROT_NONE
 * guard page (an 82nd cell or a bad byte right before an unreadable page must be the last
 * byte read).
 *
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude tests/c/contract.c target/release/libsudoku.a
 *   ./a.out          # prints "contract: N checks passed", exits 0; 1 on any failure
 */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */
#include "sudoku.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static int checks;
static int failures;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                              \
    } while (0)

#define CHECK_INT(got, want)                                                           \
    do {                                                                               \
        long got_ = (long)(got), want_ = (long)(want);                                 \
        checks++;                                                                      \
        if (got_ != want_) {                                                           \
            failures++;                                                                \
            fprintf(stderr, "%s:%d: %s is %ld, expected %ld\n", __FILE__, __LINE__,    \
                    #got, got_, want_);                                                \
        }                                                                              \
    } while (0)

static const char HARD[] =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
static const char HARD_SOLVED[] =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/* Consistent givens, but r1c9 has no candidate. */
static const char DEAD_END[] =
    "12345678.........9...............................................................";
/* Two solutions: the first multi-solution puzzle of the corpus. */
static const char MULTI[] =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/* The puzzle `line` (81 cells) laid out as 9 rows with `blank`, `sep` and `eol`. */
static void nine_rows(char *out, const char *line, char blank, const char *sep,
                      const char *eol) {
    int i;
    out[0] = '\0';
    for (i = 0; i < 81; i++) {
        char cell[2] = {line[i] == '.' ? blank : line[i], '\0'};
        strcat(out, cell);
        strcat(out, i % 9 == 8 ? eol : sep);
    }
}

/* The cell bytes of `text`, without whitespace, into `cells` (82 bytes). */
static void cells_of(const char *text, char *cells) {
    int n = 0;
    for (; *text && n < 81; text++) {
        if ((*text >= '0' && *text <= '9') || *text == '.') {
            cells[n++] = *text;
        }
    }
    cells[n] = '\0';
}

/* sudoku_solve on a copy of `text`: checks the expected code, and on error that the
 * buffer is unchanged, on success that only blank bytes changed, into `solved`. */
static void expect_solve(const char *text, int want, const char *solved) {
    char buf[512], before[512], cells[82];
    size_t i, len = strlen(text);
    int rc;
    memcpy(buf, text, len + 1);
    memcpy(before, text, len + 1);
    rc = sudoku_solve(buf);
    CHECK_INT(rc, want);
    if (rc != SUDOKU_OK) {
        CHECK(memcmp(buf, before, len + 1) == 0);
        return;
    }
    for (i = 0; i <= len; i++) {
        if (before[i] == '.' || before[i] == '0') {
            CHECK(buf[i] >= '1' && buf[i] <= '9');
        } else if (buf[i] != before[i]) {
            CHECK(!"a non-blank byte changed");
        }
    }
    cells_of(buf, cells);
    CHECK(solved != NULL && strcmp(cells, solved) == 0);
}

static void test_codes(void) {
    CHECK_INT(SUDOKU_OK, 0);
    CHECK_INT(SUDOKU_ERR_NULL, -1);
    CHECK_INT(SUDOKU_ERR_CHAR, -2);
    CHECK_INT(SUDOKU_ERR_LENGTH, -3);
    CHECK_INT(SUDOKU_ERR_CONFLICT, -4);
    CHECK_INT(SUDOKU_ERR_UNSOLVABLE, -5);
    CHECK_INT(SUDOKU_ERR_BUDGET, -6);
    CHECK_INT(SUDOKU_ERR_STATE, -7);
    CHECK_INT(SUDOKU_ERR_SIZE, -8);
    CHECK_INT(SUDOKU_ERR_SYMMETRY, -9);
    CHECK_INT(SUDOKU_ERR_GIVENS, -10);
    CHECK_INT(SUDOKU_ERR_SOLUTION, -11);
    CHECK_INT(SUDOKU_ERR_UNREACHED, -12);
    CHECK_INT(SUDOKU_ERR_MULTIPLE, -13);
    CHECK_INT(SUDOKU_ERR_GIVEN_CHANGED, -14);
    CHECK_INT(SUDOKU_ERR_STEP, -15);
    CHECK_INT(SUDOKU_ERR_LEVEL, -16);
    CHECK_INT(SUDOKU_ERR_LIMIT, -17);
    CHECK_INT(SUDOKU_LEVEL_EASY, 1);
    CHECK_INT(SUDOKU_LEVEL_EXTREME, 5);
}

static void test_solve(void) {
    char text[512];
    expect_solve(HARD, SUDOKU_OK, HARD_SOLVED);
    nine_rows(text, HARD, '.', " ", "\n"); /* the original program's layout */
    expect_solve(text, SUDOKU_OK, HARD_SOLVED);
    nine_rows(text, HARD, '0', " ", "\r\n");
    expect_solve(text, SUDOKU_OK, HARD_SOLVED);
    nine_rows(text, HARD, '0', "\t", "\n");
    expect_solve(text, SUDOKU_OK, HARD_SOLVED);
    nine_rows(text, HARD_SOLVED, '.', " ", "\n"); /* already complete */
    expect_solve(text, SUDOKU_OK, HARD_SOLVED);
}

static void test_errors(void) {
    char text[512];
    CHECK_INT(sudoku_solve(NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_solve_n(NULL, 81), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_solve_stats(NULL, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_count_solutions(NULL, 2), SUDOKU_ERR_NULL);

    strcpy(text, HARD);
    text[40] = 'x';
    expect_solve(text, SUDOKU_ERR_CHAR, NULL);
    sprintf(text, "%s #", HARD); /* a bad byte after the 81st cell */
    expect_solve(text, SUDOKU_ERR_CHAR, NULL);
    expect_solve("", SUDOKU_ERR_LENGTH, NULL);
    expect_solve(" \n\t", SUDOKU_ERR_LENGTH, NULL);
    expect_solve(HARD + 1, SUDOKU_ERR_LENGTH, NULL);
    sprintf(text, "%s\n5", HARD); /* an 82nd cell */
    expect_solve(text, SUDOKU_ERR_LENGTH, NULL);
    strcpy(text, HARD);
    text[1] = '8'; /* a second 8 in row 1 */
    expect_solve(text, SUDOKU_ERR_CONFLICT, NULL);
    expect_solve(DEAD_END, SUDOKU_ERR_UNSOLVABLE, NULL);
    nine_rows(text, DEAD_END, '0', " ", "\r\n");
    expect_solve(text, SUDOKU_ERR_UNSOLVABLE, NULL);
}

static void test_count(void) {
    char text[512];
    CHECK_INT(sudoku_count_solutions(DEAD_END, 10), 0);
    CHECK_INT(sudoku_count_solutions(HARD, 10), 1);
    CHECK_INT(sudoku_count_solutions(MULTI, 2), 2);
    CHECK_INT(sudoku_count_solutions(MULTI, 1), 1);
    memset(text, '.', 81);
    text[81] = '\0';
    CHECK_INT(sudoku_count_solutions(text, 500), 500); /* many */
    CHECK_INT(sudoku_count_solutions(text, 0), 0);
    CHECK_INT(sudoku_count_solutions(HARD, 0), 0);
    CHECK_INT(sudoku_count_solutions(HARD, UINT_MAX), 1);
    CHECK_INT(sudoku_count_solutions(HARD, (unsigned)INT_MAX + 1u), 1);
    strcpy(text, HARD);
    text[1] = '8';
    CHECK_INT(sudoku_count_solutions(text, 10), 0); /* conflicting givens */
    CHECK_INT(sudoku_count_solutions("12x", 10), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_count_solutions("123", 10), SUDOKU_ERR_LENGTH);
    nine_rows(text, HARD, '0', " ", "\n");
    {
        char before[512];
        strcpy(before, text);
        CHECK_INT(sudoku_count_solutions(text, 5), 1);
        CHECK(strcmp(before, text) == 0); /* never writes */
    }
}

static void test_messages(void) {
    int code, other;
    for (code = SUDOKU_ERR_LIMIT; code <= 0; code++) {
        const char *m = sudoku_strerror(code);
        CHECK(m != NULL && m[0] != '\0');
        for (other = SUDOKU_ERR_LIMIT; other < code; other++) {
            CHECK(strcmp(m, sudoku_strerror(other)) != 0);
        }
    }
    CHECK(sudoku_strerror(1) != NULL);
    CHECK(sudoku_strerror(INT_MIN) != NULL);
    CHECK(strcmp(sudoku_strerror(SUDOKU_ERR_LIMIT - 1), sudoku_strerror(INT_MAX)) == 0);
    CHECK(strstr(sudoku_strerror(SUDOKU_ERR_UNSOLVABLE), "no solution") != NULL);
    CHECK(sudoku_version() != NULL && strchr(sudoku_version(), '.') != NULL);
}

static void test_lengths_and_stats(void) {
    char buf[128];
    sudoku_stats_t stats;
    memcpy(buf, HARD, 81);
    memset(buf + 81, 'x', sizeof buf - 81); /* no NUL: only len bytes may be read */
    CHECK_INT(sudoku_count_solutions_n(buf, 81, 5), 1);
    CHECK_INT(sudoku_solve_n(buf, 80), SUDOKU_ERR_LENGTH);
    CHECK_INT(sudoku_solve_n(buf, 82), SUDOKU_ERR_CHAR);
    CHECK(memcmp(buf, HARD, 81) == 0);
    CHECK_INT(sudoku_solve_n(buf, 81), SUDOKU_OK);
    CHECK(memcmp(buf, HARD_SOLVED, 81) == 0 && buf[81] == 'x');

    strcpy(buf, HARD);
    memset(&stats, 0xff, sizeof stats);
    CHECK_INT(sudoku_solve_stats(buf, &stats), SUDOKU_OK);
    CHECK(strcmp(buf, HARD_SOLVED) == 0);
    CHECK(stats.guesses > 0 && stats.steps > 0 && stats.max_depth > 0 && stats.max_depth <= 81);
    CHECK_INT(sudoku_solve_stats("1", &stats), SUDOKU_ERR_LENGTH);
    CHECK(stats.guesses == 0 && stats.steps == 0 && stats.max_depth == 0);
}

/* A zero-filled static solver must be refused, not read as a search. */
static sudoku_solver_t never_initialised;

static void test_resumable(void) {
    sudoku_solver_t *s = malloc(sizeof *s);
    char grid[256], expected[256];
    sudoku_stats_t stats;
    unsigned budget;
    int rc, slices;

    CHECK(s != NULL);
    if (s == NULL) {
        return;
    }
    CHECK(sudoku_solver_size() <= sizeof(sudoku_solver_t));
    CHECK_INT(sudoku_solver_step(&never_initialised, 10), SUDOKU_ERR_STATE);
    CHECK_INT(sudoku_solver_step(NULL, 10), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_solver_init(NULL, HARD), SUDOKU_ERR_NULL);

    nine_rows(expected, HARD, '.', " ", "\n");
    CHECK_INT(sudoku_solve(expected), SUDOKU_OK);
    for (budget = 1; budget <= 1000; budget *= 10) {
        nine_rows(grid, HARD, '.', " ", "\n");
        CHECK_INT(sudoku_solver_init(s, grid), SUDOKU_OK);
        CHECK_INT(sudoku_solver_write(s, grid), SUDOKU_ERR_BUDGET); /* not yet */
        slices = 0;
        while ((rc = sudoku_solver_step(s, budget)) == SUDOKU_ERR_BUDGET) {
            slices++; /* a firmware would do other work here */
        }
        CHECK_INT(rc, SUDOKU_OK);
        if (budget == 1) {
            CHECK(slices > 10);
        }
        CHECK_INT(sudoku_solver_step(s, budget), SUDOKU_OK); /* done is final */
        CHECK_INT(sudoku_solver_write(s, grid), SUDOKU_OK);
        CHECK(strcmp(grid, expected) == 0); /* same answer, same layout as sudoku_solve */
        CHECK_INT(sudoku_solver_stats(s, &stats), SUDOKU_OK);
        CHECK(stats.steps > 0);
    }

    CHECK_INT(sudoku_solver_init(s, DEAD_END), SUDOKU_OK);
    while ((rc = sudoku_solver_step(s, 3)) == SUDOKU_ERR_BUDGET) {
    }
    CHECK_INT(rc, SUDOKU_ERR_UNSOLVABLE);
    strcpy(grid, DEAD_END);
    CHECK_INT(sudoku_solver_write(s, grid), SUDOKU_ERR_UNSOLVABLE);
    CHECK(strcmp(grid, DEAD_END) == 0);

    strcpy(grid, HARD);
    grid[1] = '8';
    CHECK_INT(sudoku_solver_init(s, grid), SUDOKU_ERR_CONFLICT);
    CHECK_INT(sudoku_solver_step(s, 100), SUDOKU_ERR_CONFLICT); /* init errors stick */
    free(s);
}

/*
 * A text whose last readable byte is `last` (after 81 cells of HARD) sits right before a
 * PROT_NONE page: reading one byte further would crash. `fn` must stop at `last`.
 */
static char *guarded_text(char *page2, char last) {
    char *text = page2 - 82;
    memcpy(text, HARD, 81);
    text[81] = last;
    return text;
}

static void test_guard_page(void) {
    long page = sysconf(_SC_PAGESIZE);
    char *map, *guard, *text;
    char before[82];
    sudoku_solver_t *s = malloc(sizeof *s);

    map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
               -1, 0);
    CHECK(map != MAP_FAILED && s != NULL);
    if (map == MAP_FAILED || s == NULL) {
        free(s);
        return;
    }
    guard = map + page;
    CHECK(mprotect(guard, (size_t)page, PROT_NONE) == 0);

    /* The guard is real: strlen on a text with no NUL before it crashes (in a child).
     * Set SUDOKU_NO_GUARD_SELFTEST under valgrind and sanitizers, which would report the
     * child's deliberate bad read. */
    if (getenv("SUDOKU_NO_GUARD_SELFTEST") == NULL) {
        pid_t child = fork();
        int status = 0;
        if (child == 0) {
            volatile size_t len = strlen(guarded_text(guard, '5'));
            _exit(len > 0 ? 0 : 0); /* not reached: the read past the page faults */
        }
        CHECK(child > 0 && waitpid(child, &status, 0) == child);
        CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }

    text = guarded_text(guard, '5'); /* an 82nd cell as the very last byte */
    memcpy(before, text, 82);
    CHECK_INT(sudoku_solve(text), SUDOKU_ERR_LENGTH);
    CHECK(memcmp(before, text, 82) == 0);
    CHECK_INT(sudoku_solve_stats(text, NULL), SUDOKU_ERR_LENGTH);
    CHECK_INT(sudoku_count_solutions(text, 10), SUDOKU_ERR_LENGTH);
    CHECK_INT(sudoku_solver_init(s, text), SUDOKU_ERR_LENGTH);
    text = guarded_text(guard, '.');
    CHECK_INT(sudoku_solve(text), SUDOKU_ERR_LENGTH);
    text = guarded_text(guard, 'x'); /* a bad byte as the very last byte */
    CHECK_INT(sudoku_solve(text), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_count_solutions(text, 10), SUDOKU_ERR_CHAR);
    CHECK(memcmp(text, HARD, 81) == 0);

    /* 81 cells filling the page exactly, no NUL: the _n variants need none. */
    text = guard - 81;
    memcpy(text, HARD, 81);
    CHECK_INT(sudoku_count_solutions_n(text, 81, 10), 1);
    CHECK_INT(sudoku_solve_n(text, 81), SUDOKU_OK);
    CHECK(memcmp(text, HARD_SOLVED, 81) == 0);

    munmap(map, (size_t)page * 2);
    free(s);
}

/* The golden puzzle of seed 7 with 180-degree symmetry: the same as the Rust API's and
 * the `sudoku generate --seed 7 --symmetry rot180` command's first line. */
static const char GOLDEN_7_ROT180[] =
    "39.56.........4.5..5...97..1....82...7.3.5.4...94....3..16...9..2.8.........41.27";

/* Every bad option gives its code and leaves `out` untouched, one call or in slices. */
static void expect_generate_error(const sudoku_generate_options_t *opts, int want) {
    sudoku_generator_t *g = malloc(sizeof *g);
    char out[82];
    int rc;
    memset(out, 'x', sizeof out);
    CHECK_INT(sudoku_generate(out, 1, opts), want);
    CHECK(memchr(out, 'x', sizeof out) == out && out[81] == 'x' && out[40] == 'x');
    CHECK(g != NULL);
    if (g == NULL) {
        return;
    }
    rc = sudoku_generator_init(g, 1, opts);
    if (want == SUDOKU_ERR_UNREACHED) { /* found out by the steps, not by init */
        CHECK_INT(rc, SUDOKU_OK);
        while ((rc = sudoku_generator_step(g, 1000)) == SUDOKU_ERR_BUDGET) {
        }
    }
    CHECK_INT(rc, want);
    CHECK_INT(sudoku_generator_step(g, 10), want); /* errors stick */
    CHECK_INT(sudoku_generator_write(g, out), want);
    CHECK(out[0] == 'x' && out[81] == 'x');
    free(g);
}

static void test_generate(void) {
    sudoku_generate_options_t opts;
    sudoku_generator_t *g = malloc(sizeof *g);
    char out[82], sliced[82], grid[82];
    unsigned budget;
    int rc, slices, givens, i;

    CHECK(g != NULL);
    if (g == NULL) {
        return;
    }
    CHECK(sudoku_generator_size() <= sizeof(sudoku_generator_t));

    /* NULL options and a zeroed struct are the defaults; the result is unique. */
    memset(&opts, 0, sizeof opts);
    CHECK_INT(sudoku_generate(out, 0, NULL), SUDOKU_OK);
    CHECK(strlen(out) == 81 && strspn(out, ".123456789") == 81);
    CHECK_INT(sudoku_count_solutions(out, 2), 1);
    CHECK_INT(sudoku_generate(sliced, 0, &opts), SUDOKU_OK);
    CHECK(strcmp(out, sliced) == 0);
    strcpy(grid, out);
    CHECK_INT(sudoku_solve(grid), SUDOKU_OK);

    opts.symmetry = SUDOKU_SYMMETRY_ROT180;
    CHECK_INT(sudoku_generate(out, 7, &opts), SUDOKU_OK);
    CHECK(strcmp(out, GOLDEN_7_ROT180) == 0);
    for (i = 0; i < 81; i++) {
        CHECK((out[i] == '.') == (out[80 - i] == '.'));
    }

    /* In slices: the same puzzle whatever the budget. */
    for (budget = 1; budget <= 1000; budget *= 10) {
        CHECK_INT(sudoku_generator_init(g, 7, &opts), SUDOKU_OK);
        CHECK_INT(sudoku_generator_write(g, sliced), SUDOKU_ERR_BUDGET); /* not yet */
        slices = 0;
        while ((rc = sudoku_generator_step(g, budget)) == SUDOKU_ERR_BUDGET) {
            slices++; /* a firmware would draw a frame here */
        }
        CHECK_INT(rc, SUDOKU_OK);
        if (budget == 1) {
            CHECK(slices > 100);
        }
        CHECK_INT(sudoku_generator_step(g, budget), SUDOKU_OK); /* done is final */
        CHECK_INT(sudoku_generator_write(g, sliced), SUDOKU_OK);
        CHECK(strcmp(sliced, GOLDEN_7_ROT180) == 0);
    }

    /* A target number of givens, and the caller's solution kept. */
    opts.symmetry = SUDOKU_SYMMETRY_ROT90;
    opts.givens = 33;
    CHECK_INT(sudoku_generate(out, 5, &opts), SUDOKU_OK);
    for (givens = 0, i = 0; i < 81; i++) {
        givens += out[i] != '.';
    }
    CHECK_INT(givens, 33);
    opts.symmetry = SUDOKU_SYMMETRY_NONE;
    opts.givens = 0;
    opts.solution = grid;
    CHECK_INT(sudoku_generate(out, 9, &opts), SUDOKU_OK);
    CHECK_INT(sudoku_count_solutions(out, 2), 1);
    CHECK_INT(sudoku_solve(out), SUDOKU_OK);
    CHECK(strcmp(out, grid) == 0);

    /* Bad options. */
    memset(&opts, 0, sizeof opts);
    opts.symmetry = 6;
    expect_generate_error(&opts, SUDOKU_ERR_SYMMETRY);
    opts.symmetry = SUDOKU_SYMMETRY_ROT90;
    opts.givens = 26;
    expect_generate_error(&opts, SUDOKU_ERR_GIVENS);
    opts.symmetry = SUDOKU_SYMMETRY_NONE;
    opts.givens = 16;
    expect_generate_error(&opts, SUDOKU_ERR_GIVENS);
    opts.givens = 82;
    expect_generate_error(&opts, SUDOKU_ERR_GIVENS);
    opts.givens = 0;
    opts.solution = HARD; /* a puzzle, not a complete grid */
    expect_generate_error(&opts, SUDOKU_ERR_SOLUTION);
    opts.solution = "12x";
    expect_generate_error(&opts, SUDOKU_ERR_SOLUTION);
    opts.solution = NULL;
    opts.givens = 17;
    opts.attempts = 1;
    expect_generate_error(&opts, SUDOKU_ERR_UNREACHED);

    CHECK_INT(sudoku_generate(NULL, 0, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_generator_init(NULL, 0, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_generator_step(NULL, 1), SUDOKU_ERR_NULL);
    memset(g, 0, sizeof *g);
    CHECK_INT(sudoku_generator_step(g, 1), SUDOKU_ERR_STATE); /* never initialised */
    CHECK_INT(sudoku_generator_init_checked(g, sizeof *g - 8, 0, NULL), SUDOKU_ERR_SIZE);
    CHECK_INT(sudoku_generator_step(g, 1), SUDOKU_ERR_STATE); /* and not written */
    free(g);
}

/* A byte pattern no call writes: a struct still full of it was not written. */
static int untouched(const void *p, size_t n) {
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != 0xA5) {
            return 0;
        }
    }
    return 1;
}

/* Hint `text` and rate it: both fail with `want`, writing nothing. */
static void expect_logic_error(const char *text, int want) {
    sudoku_step_t step;
    sudoku_rating_t rating;
    memset(&step, 0xA5, sizeof step);
    memset(&rating, 0xA5, sizeof rating);
    CHECK_INT(sudoku_rate(text, &rating), want);
    CHECK(untouched(&rating, sizeof rating));
    if (want != SUDOKU_ERR_MULTIPLE) {
        CHECK_INT(sudoku_hint(text, &step), want);
        CHECK(untouched(&step, sizeof step));
        CHECK_INT(sudoku_hint_entries(text, text, &step), want);
        CHECK(untouched(&step, sizeof step));
        CHECK_INT(sudoku_hint_marks(text, text, NULL, &step), want);
        CHECK(untouched(&step, sizeof step));
    }
}

/* Hints from C: played to the end (each placement is the solution's digit, each
 * elimination spares it; the grid ends as sudoku_solve's), ratings, names, text, errors. */
static void test_hint_and_rate(void) {
    char grid[82], text[512], buf[1024], small[8];
    sudoku_step_t step;
    sudoku_rating_t rating;
    int i, n, total, rounds = 0;

    strcpy(grid, HARD);
    for (;;) {
        CHECK_INT(sudoku_hint(grid, &step), SUDOKU_OK);
        if (step.kind == SUDOKU_HINT_SOLVED || ++rounds > 81 * 9) {
            break;
        }
        CHECK_INT(step.kind, SUDOKU_HINT_STEP);
        CHECK(step.technique >= 0 && step.technique < SUDOKU_TECHNIQUES);
        CHECK(step.se_rating >= 10);
        for (i = 0; i < step.n_eliminations; i++) {
            CHECK(HARD_SOLVED[step.eliminations[i].cell] != '0' + step.eliminations[i].digit);
        }
        if (step.cell >= 0) {
            CHECK(step.cell < 81 && HARD_SOLVED[step.cell] == '0' + step.digit);
            CHECK(grid[step.cell] == '.');
            grid[step.cell] = HARD_SOLVED[step.cell];
        } else {
            /* Eliminations are not kept between calls: fill a cell they touched. */
            CHECK(step.n_eliminations > 0);
            grid[step.eliminations[0].cell] = HARD_SOLVED[step.eliminations[0].cell];
        }
        n = sudoku_step_format(&step, buf, sizeof buf);
        CHECK(n > 0 && (size_t)n == strlen(buf));
    }
    CHECK(strcmp(grid, HARD_SOLVED) == 0); /* the same as sudoku_solve's solution */
    n = sudoku_step_format(&step, buf, sizeof buf);
    CHECK(n == 6 && strcmp(buf, "solved") == 0);

    /* The original program's layout is read as sudoku_solve reads it. */
    nine_rows(text, HARD, '0', " ", "\r\n");
    CHECK_INT(sudoku_rate(text, &rating), SUDOKU_OK);
    CHECK(rating.level >= 1 && rating.level <= 5);
    CHECK(sudoku_level_name(rating.level) != NULL);
    CHECK(rating.se_rating >= 10 && rating.se_rating <= 255);
    CHECK(rating.hardest >= 0 && rating.hardest < SUDOKU_TECHNIQUES);
    CHECK(rating.counts[rating.hardest] > 0);
    for (total = 0, i = 0; i < SUDOKU_TECHNIQUES; i++) {
        total += rating.counts[i];
    }
    CHECK_INT(total, rating.steps);
    {
        sudoku_rating_t again;
        CHECK_INT(sudoku_rate(HARD, &again), SUDOKU_OK);
        /* Deterministic (field by field: padding bytes are not part of the value). */
        CHECK(rating.level == again.level && rating.se_rating == again.se_rating);
        CHECK(rating.hardest == again.hardest && rating.steps == again.steps);
        CHECK(rating.score == again.score && rating.needs_last_resort == again.needs_last_resort);
        CHECK(memcmp(rating.counts, again.counts, sizeof rating.counts) == 0);
    }

    /* Snprintf rules: the full length back, cut short and NUL-terminated. */
    CHECK_INT(sudoku_hint(HARD, &step), SUDOKU_OK);
    n = sudoku_step_format(&step, NULL, 0);
    CHECK(n > 0 && n == sudoku_step_format(&step, buf, sizeof buf));
    memset(small, 'z', sizeof small);
    CHECK_INT(sudoku_step_format(&step, small, 4), n);
    CHECK(small[3] == '\0' && strncmp(small, buf, 3) == 0 && small[4] == 'z');
    CHECK_INT(sudoku_step_format(&step, small, 1), n);
    CHECK(small[0] == '\0');
    step.technique = SUDOKU_TECHNIQUES;
    memset(small, 'z', sizeof small);
    CHECK_INT(sudoku_step_format(&step, small, sizeof small), SUDOKU_ERR_STEP);
    CHECK(small[0] == 'z');

    /* A wrong entry is named, with the solution's digit. */
    strcpy(grid, HARD);
    grid[1] = '2'; /* the solution has 1 at r1c2 */
    CHECK_INT(sudoku_hint_entries(HARD, grid, &step), SUDOKU_OK);
    CHECK_INT(step.kind, SUDOKU_HINT_WRONG_ENTRY);
    CHECK_INT(step.cell, 1);
    CHECK_INT(step.digit, 2);
    CHECK_INT(step.solution, 1);
    CHECK_INT(step.technique, -1);
    sudoku_step_format(&step, buf, sizeof buf);
    CHECK(strcmp(buf, "r1c2=2 is wrong") == 0);
    CHECK_INT(sudoku_hint_entries(HARD, HARD_SOLVED, &step), SUDOKU_OK);
    CHECK_INT(step.kind, SUDOKU_HINT_SOLVED);
    strcpy(grid, HARD_SOLVED);
    grid[0] = '.'; /* a given cleared */
    memset(&step, 0xA5, sizeof step);
    CHECK_INT(sudoku_hint_entries(HARD, grid, &step), SUDOKU_ERR_GIVEN_CHANGED);
    CHECK(untouched(&step, sizeof step));

    /* Pencil marks: every digit everywhere hints as without marks; a set without the
     * solution's digit is reported first. */
    {
        uint16_t marks[81];
        sudoku_step_t plain;
        for (i = 0; i < 81; i++) {
            marks[i] = 0x1FF;
        }
        CHECK_INT(sudoku_hint_entries(HARD, HARD, &plain), SUDOKU_OK);
        CHECK_INT(sudoku_hint_marks(HARD, HARD, marks, &step), SUDOKU_OK);
        CHECK(step.kind == plain.kind && step.technique == plain.technique);
        CHECK(step.cell == plain.cell && step.digit == plain.digit);
        CHECK_INT(sudoku_hint_marks(HARD, HARD, NULL, &step), SUDOKU_OK);
        CHECK(step.technique == plain.technique && step.cell == plain.cell);
        marks[1] &= (uint16_t)~1u; /* r1c2 is 1 in the solution */
        CHECK_INT(sudoku_hint_marks(HARD, HARD, marks, &step), SUDOKU_OK);
        CHECK_INT(step.kind, SUDOKU_HINT_MISSING_CANDIDATE);
        CHECK_INT(step.cell, 1);
        CHECK_INT(step.digit, 1);
        sudoku_step_format(&step, buf, sizeof buf);
        CHECK(strcmp(buf, "r1c2 can still be 1") == 0);
        CHECK_INT(sudoku_hint_marks(HARD, HARD, marks, NULL), SUDOKU_ERR_NULL);
    }

    /* Bad input: the same codes as sudoku_solve, nothing written. */
    strcpy(text, HARD);
    text[40] = 'x';
    expect_logic_error(text, SUDOKU_ERR_CHAR);
    expect_logic_error(HARD + 1, SUDOKU_ERR_LENGTH);
    strcpy(text, HARD);
    text[1] = '8';
    expect_logic_error(text, SUDOKU_ERR_CONFLICT);
    expect_logic_error(DEAD_END, SUDOKU_ERR_UNSOLVABLE);
    expect_logic_error(MULTI, SUDOKU_ERR_MULTIPLE);
    CHECK_INT(sudoku_hint(NULL, &step), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_hint(HARD, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_hint_entries(HARD, NULL, &step), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_hint_entries(NULL, HARD, &step), SUDOKU_ERR_NULL);
    /* Every error of the givens, their solutions included, comes before the entries'. */
    CHECK_INT(sudoku_hint_entries(DEAD_END, "x", &step), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_hint_entries(DEAD_END, NULL, &step), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_hint_marks(DEAD_END, "1", NULL, &step), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_hint_entries(HARD, "x", &step), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_rate(NULL, &rating), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_rate(HARD, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_step_format(NULL, buf, sizeof buf), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_step_format(&step, NULL, 4), SUDOKU_ERR_NULL);

    /* Every technique and level has a name; out of range is NULL. */
    for (i = 0; i < SUDOKU_TECHNIQUES; i++) {
        CHECK(sudoku_technique_name(i) != NULL && sudoku_technique_name(i)[0] != '\0');
    }
    CHECK(sudoku_technique_name(-1) == NULL);
    CHECK(sudoku_technique_name(SUDOKU_TECHNIQUES) == NULL);
    CHECK(sudoku_technique_name(INT_MAX) == NULL);
    for (i = 1; i <= 5; i++) {
        CHECK(sudoku_level_name(i) != NULL);
    }
    CHECK(strcmp(sudoku_level_name(1), "Easy") == 0);
    CHECK(sudoku_level_name(0) == NULL && sudoku_level_name(6) == NULL);
}

/* Fields of two ratings, one by one (padding bytes are not part of the value). */
static int same_rating(const sudoku_rating_t *a, const sudoku_rating_t *b) {
    return a->level == b->level && a->se_rating == b->se_rating && a->hardest == b->hardest &&
           a->steps == b->steps && a->score == b->score &&
           a->needs_last_resort == b->needs_last_resort &&
           memcmp(a->counts, b->counts, sizeof a->counts) == 0;
}

/* A static rater: zero-filled until initialised, which is refused. */
static sudoku_rater_t idle_rater;

/* Where a rater lands after one byte: its alignment, which the library checks. */
struct rater_after_a_byte {
    char byte;
    sudoku_rater_t rater;
};

/* The resumable rating: in slices of any budget, the rating sudoku_rate gives; its errors
 * stick, and nothing is written before the rating is done. */
static void test_rater(void) {
    sudoku_rater_t *r = malloc(sizeof *r);
    sudoku_rating_t whole, sliced;
    unsigned budgets[] = {1, 4, UINT_MAX};
    size_t b;
    int rc, calls;

    CHECK(r != NULL);
    if (r == NULL) {
        return;
    }
    CHECK(sudoku_rater_size() <= sizeof *r);
    CHECK_INT(offsetof(struct rater_after_a_byte, rater), 16); /* SUDOKU_ALIGNED(16) */
    CHECK_INT(sudoku_rater_step(&idle_rater, 5), SUDOKU_ERR_STATE);
    CHECK_INT(sudoku_rate(HARD, &whole), SUDOKU_OK);
    for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
        CHECK_INT(sudoku_rater_init(r, HARD), SUDOKU_OK);
        calls = 0;
        memset(&sliced, 0xA5, sizeof sliced);
        while ((rc = sudoku_rater_step(r, budgets[b])) == SUDOKU_ERR_BUDGET && calls < 100000) {
            calls++;
            CHECK_INT(sudoku_rater_write(r, &sliced), SUDOKU_ERR_BUDGET);
            CHECK(untouched(&sliced, sizeof sliced));
        }
        CHECK_INT(rc, SUDOKU_OK);
        CHECK(budgets[b] != 1 || calls > 20);
        CHECK_INT(sudoku_rater_step(r, 0), SUDOKU_OK);
        CHECK_INT(sudoku_rater_write(r, &sliced), SUDOKU_OK);
        CHECK(same_rating(&whole, &sliced));
    }
    CHECK_INT(sudoku_rater_init(r, MULTI), SUDOKU_OK);
    while ((rc = sudoku_rater_step(r, 3)) == SUDOKU_ERR_BUDGET) {
    }
    CHECK_INT(rc, SUDOKU_ERR_MULTIPLE);
    CHECK_INT(sudoku_rater_init(r, DEAD_END), SUDOKU_OK);
    CHECK_INT(sudoku_rater_step(r, UINT_MAX), SUDOKU_ERR_UNSOLVABLE);
    memset(&sliced, 0xA5, sizeof sliced);
    CHECK_INT(sudoku_rater_write(r, &sliced), SUDOKU_ERR_UNSOLVABLE);
    CHECK(untouched(&sliced, sizeof sliced));
    CHECK_INT(sudoku_rater_init(r, "12x"), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_rater_step(r, 10), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_rater_init(NULL, HARD), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_rater_init(r, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_rater_write(r, NULL), SUDOKU_ERR_NULL);
    memset(r, 0xA5, sizeof *r);
    CHECK_INT(sudoku_rater_init_checked(r, sizeof *r - 8, HARD), SUDOKU_ERR_SIZE);
    CHECK(untouched(r, sizeof *r));
    free(r);
}

/* sudoku_generate_level: the first attempt at the level, as sudoku_rate rates it; the same
 * attempts made in slices (generator, then rater) give the same puzzle; errors write
 * nothing. */
static void test_generate_level(void) {
    static sudoku_generator_t gen;
    sudoku_rater_t *r = malloc(sizeof *r);
    sudoku_generate_options_t opts = {SUDOKU_SYMMETRY_ROT180, 0, 0, NULL};
    sudoku_rating_t rating, check;
    char out[82], again[82];
    uint64_t attempt;
    int level, rc;

    CHECK(r != NULL);
    if (r == NULL) {
        return;
    }
    for (level = SUDOKU_LEVEL_EASY; level <= SUDOKU_LEVEL_EXTREME; level++) {
        CHECK_INT(sudoku_generate_level(out, 11, &opts, level, 0, &rating), SUDOKU_OK);
        CHECK_INT(rating.level, level);
        CHECK_INT(sudoku_rate(out, &check), SUDOKU_OK);
        CHECK(same_rating(&rating, &check));
        for (attempt = 0; attempt < 100; attempt++) {
            CHECK_INT(sudoku_generator_init(&gen, 11 + attempt * SUDOKU_LEVEL_SEED_STRIDE, &opts),
                      SUDOKU_OK);
            while ((rc = sudoku_generator_step(&gen, 40)) == SUDOKU_ERR_BUDGET) {
            }
            CHECK_INT(rc, SUDOKU_OK);
            CHECK_INT(sudoku_generator_write(&gen, again), SUDOKU_OK);
            CHECK_INT(sudoku_rater_init(r, again), SUDOKU_OK);
            while ((rc = sudoku_rater_step(r, 7)) == SUDOKU_ERR_BUDGET) {
            }
            CHECK_INT(rc, SUDOKU_OK);
            CHECK_INT(sudoku_rater_write(r, &check), SUDOKU_OK);
            if (check.level == level) {
                break;
            }
        }
        CHECK(strcmp(out, again) == 0);
        CHECK(same_rating(&rating, &check));
    }
    CHECK_INT(sudoku_generate_level(out, 11, NULL, SUDOKU_LEVEL_MEDIUM, 0, NULL), SUDOKU_OK);
    memset(out, 0xA5, sizeof out);
    memset(&rating, 0xA5, sizeof rating);
    CHECK_INT(sudoku_generate_level(out, 11, NULL, 0, 0, &rating), SUDOKU_ERR_LEVEL);
    CHECK_INT(sudoku_generate_level(out, 11, NULL, 6, 0, &rating), SUDOKU_ERR_LEVEL);
    opts.symmetry = 99;
    CHECK_INT(sudoku_generate_level(out, 11, &opts, 1, 0, &rating), SUDOKU_ERR_SYMMETRY);
    opts.symmetry = SUDOKU_SYMMETRY_NONE;
    opts.givens = 17;
    opts.attempts = 1;
    CHECK_INT(sudoku_generate_level(out, 11, &opts, 1, 1, &rating), SUDOKU_ERR_UNREACHED);
    CHECK(untouched(out, sizeof out));
    CHECK(untouched(&rating, sizeof rating));
    CHECK_INT(sudoku_generate_level(NULL, 11, NULL, 1, 0, &rating), SUDOKU_ERR_NULL);
    free(r);
}

/* sudoku_explainer_*: the whole path of HARD, one step per call, each step sound against
 * the solution, the grid after it consistent with it, until SOLVED; copies resume; errors
 * write nothing. */
static void test_explainer(void) {
    static sudoku_explainer_t ex, copy, idle;
    sudoku_step_t step;
    char solved[82], grid[82], text[256];
    uint16_t sets[81];
    int rc, steps = 0, c, e;

    CHECK(sudoku_explainer_size() <= sizeof ex);
    strcpy(solved, HARD);
    CHECK_INT(sudoku_solve(solved), SUDOKU_OK);
    CHECK_INT(sudoku_explainer_next(&idle, &step), SUDOKU_ERR_STATE);
    CHECK_INT(sudoku_explainer_init(&ex, HARD), SUDOKU_OK);
    for (;;) {
        memset(&step, 0xA5, sizeof step);
        rc = sudoku_explainer_next(&ex, &step);
        CHECK_INT(rc, SUDOKU_OK);
        if (rc != SUDOKU_OK || step.kind == SUDOKU_HINT_SOLVED || steps > 81 * 9) {
            break;
        }
        CHECK_INT(step.kind, SUDOKU_HINT_STEP);
        CHECK(sudoku_step_format(&step, text, sizeof text) > 0);
        if (step.cell >= 0) {
            CHECK_INT(solved[step.cell], '0' + step.digit);
        }
        for (e = 0; e < step.n_eliminations; e++) {
            CHECK(solved[step.eliminations[e].cell] != '0' + step.eliminations[e].digit);
        }
        CHECK_INT(sudoku_explainer_grid(&ex, grid, sets), SUDOKU_OK);
        for (c = 0; c < 81; c++) {
            if (grid[c] == '.') {
                CHECK((sets[c] >> (solved[c] - '1')) & 1); /* the solution stays a candidate */
            } else {
                CHECK_INT(grid[c], solved[c]);
                CHECK_INT(sets[c], 0);
            }
        }
        if (steps == 3) {
            copy = ex; /* a plain copy goes on from here */
        }
        steps++;
    }
    CHECK_INT(step.kind, SUDOKU_HINT_SOLVED);
    CHECK(steps > 20);
    CHECK_INT(sudoku_explainer_grid(&ex, grid, NULL), SUDOKU_OK);
    CHECK(strcmp(grid, solved) == 0);
    CHECK_INT(sudoku_explainer_next(&copy, &step), SUDOKU_OK);
    CHECK_INT(step.kind, SUDOKU_HINT_STEP);
    /* Errors: the init's code from then on; nothing written. */
    CHECK_INT(sudoku_explainer_init(&ex, MULTI), SUDOKU_OK);
    while ((rc = sudoku_explainer_next(&ex, &step)) == SUDOKU_OK && step.kind == SUDOKU_HINT_STEP) {
    }
    CHECK_INT(rc, SUDOKU_ERR_MULTIPLE);
    CHECK_INT(sudoku_explainer_init(&ex, DEAD_END), SUDOKU_ERR_UNSOLVABLE);
    memset(&step, 0xA5, sizeof step);
    CHECK_INT(sudoku_explainer_next(&ex, &step), SUDOKU_ERR_UNSOLVABLE);
    CHECK(untouched(&step, sizeof step));
    memset(grid, 0xA5, sizeof grid);
    CHECK_INT(sudoku_explainer_grid(&ex, grid, NULL), SUDOKU_ERR_UNSOLVABLE);
    CHECK(untouched(grid, sizeof grid));
    CHECK_INT(sudoku_explainer_init(&ex, "12x"), SUDOKU_ERR_CHAR);
    CHECK_INT(sudoku_explainer_init(NULL, HARD), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_explainer_next(&ex, NULL), SUDOKU_ERR_NULL);
    memset(&copy, 0xA5, sizeof copy);
    CHECK_INT(sudoku_explainer_init_checked(&copy, sizeof copy - 8, HARD), SUDOKU_ERR_SIZE);
    CHECK(untouched(&copy, sizeof copy));
}

/* Pencil-mark ("Sukaku") puzzles: HARD as 81 candidate sets (a given one digit, an open
 * cell all nine): rated like a grid's path of naked singles and more, the same in slices,
 * explained to the solution; an empty set is refused and nothing written. */
static void test_marks(void) {
    static sudoku_explainer_t ex;
    static sudoku_rater_t r;
    uint16_t sets[81];
    sudoku_rating_t rating, sliced;
    sudoku_step_t step;
    char grid[82];
    int c, rc, slices = 0, steps = 0;

    for (c = 0; c < 81; c++) {
        sets[c] = HARD[c] == '.' ? 0x1FF : (uint16_t)(1u << (HARD[c] - '1'));
    }
    CHECK_INT(sudoku_rate_marks(sets, &rating), SUDOKU_OK);
    CHECK(rating.level >= SUDOKU_LEVEL_EASY && rating.level <= SUDOKU_LEVEL_EXTREME);
    CHECK_INT(sudoku_rater_init_marks(&r, sets), SUDOKU_OK);
    while ((rc = sudoku_rater_step(&r, 2)) == SUDOKU_ERR_BUDGET) {
        slices++;
    }
    CHECK_INT(rc, SUDOKU_OK);
    CHECK(slices > 1);
    CHECK_INT(sudoku_rater_write(&r, &sliced), SUDOKU_OK);
    CHECK(same_rating(&sliced, &rating));
    CHECK_INT(sudoku_explainer_init_marks(&ex, sets), SUDOKU_OK);
    while ((rc = sudoku_explainer_next(&ex, &step)) == SUDOKU_OK && step.kind == SUDOKU_HINT_STEP &&
           steps < 81 * 9) {
        if (step.cell >= 0) {
            CHECK_INT(HARD_SOLVED[step.cell], '0' + step.digit);
        }
        steps++;
    }
    CHECK_INT(rc, SUDOKU_OK);
    CHECK_INT(step.kind, SUDOKU_HINT_SOLVED);
    CHECK_INT(steps, rating.steps);
    CHECK_INT(sudoku_explainer_grid(&ex, grid, NULL), SUDOKU_OK);
    CHECK(strcmp(grid, HARD_SOLVED) == 0);
    sets[40] = 0;
    memset(&rating, 0xA5, sizeof rating);
    CHECK_INT(sudoku_rate_marks(sets, &rating), SUDOKU_ERR_UNSOLVABLE);
    CHECK(untouched(&rating, sizeof rating));
    CHECK_INT(sudoku_explainer_init_marks(&ex, sets), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_rater_init_marks(&r, sets), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_rater_step(&r, 1), SUDOKU_ERR_UNSOLVABLE);
    CHECK_INT(sudoku_rater_init_marks(&r, NULL), SUDOKU_ERR_NULL);
    CHECK_INT(sudoku_rate_marks(NULL, &rating), SUDOKU_ERR_NULL);
}

int main(void) {
    test_codes();
    test_hint_and_rate();
    test_solve();
    test_errors();
    test_count();
    test_messages();
    test_lengths_and_stats();
    test_resumable();
    test_generate();
    test_rater();
    test_generate_level();
    test_explainer();
    test_marks();
    test_guard_page();
    if (failures) {
        fprintf(stderr, "contract: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("contract: %d checks passed (libsudoku %s)\n", checks, sudoku_version());
    return 0;
}
