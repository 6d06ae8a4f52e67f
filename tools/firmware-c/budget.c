/*
 * C firmware for sudoku81: solves puzzles held in RAM with sudoku_solve and with the
 * resumable sudoku_solver_* API (in slices, between other work), generates puzzles with
 * sudoku_generate and the resumable sudoku_generator_* API, rates puzzles and hints them
 * with sudoku_rate, the resumable sudoku_rater_* API (one step per call), sudoku_hint and
 * the player's-grid forms sudoku_hint_entries and sudoku_hint_marks (the technique
 * engine) and the whole path one step per call with sudoku_explainer_*, the same puzzles
 * as pencil marks (sudoku_rate_marks, the same in slices with sudoku_rater_init_marks,
 * sudoku_explainer_init_marks), generates
 * puzzles at a level with sudoku_generate_level and with the same
 * attempts in slices (generator, then rater), checks every answer,
 * measures the stack each entry point uses by stack painting, and reports over
 * semihosting (newlib's rdimon). main's return value becomes QEMU's exit status:
 * 0 only when every check passed.
 */
#define SUDOKU_COMPACT /* linked with the library built without the `fast` engine */
#include "sudoku.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef TARGET
#define TARGET "unknown"
#endif

/* Steps per sudoku_solver_step call in the sliced solve. */
#define SLICE_STEPS 32u

struct puzzle {
    const char *name;
    const char *text;
    int expect; /* SUDOKU_OK or an error code */
};

static const struct puzzle puzzles[] = {
    {"hardest1905_msolve1000:963",
     "........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..", SUDOKU_OK},
    {"hardest1106:360",
     "..3..2...4...8..36..8...1...4..6..73...9..........4.....4.7..686........7.....59.", SUDOKU_OK},
    {"17clue:33450",
     "........1........2..3.45..........4....67.1....5...........2.3..6.......17..8.9..", SUDOKU_OK},
    {"plb_hard20:1",
     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9", SUDOKU_OK},
    {"examples/puzzle.txt (9 rows)",
     "8 . . . . . . . .\n. . 3 6 . . . . .\n. 7 . . 9 . 2 . .\n"
     ". 5 . . . 7 . . .\n. . . . 4 5 7 . .\n. . . 1 . . . 3 .\n"
     ". . 1 . . . . 6 8\n. . 8 5 . . . 1 .\n. 9 . . . . 4 . .\n", SUDOKU_OK},
    {"no_solution:10",
     "1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1.",
     SUDOKU_ERR_UNSOLVABLE},
    /* a hostile input that takes the compact engine into its strong mode (which no
       published puzzle does), so that the stack measured covers it: the costliest known
       for it (tests/adversarial.rs; a transformed copy of one found by a search) */
    {"hostile (adversarial.rs)",
     ".4.3......296..3...3.2..4.1.9..23.64....649.....9.............6..........6.4..2..",
     SUDOKU_ERR_UNSOLVABLE},
    {"conflicting givens",
     "11...............................................................................", SUDOKU_ERR_CONFLICT},
    {"bad character",
     "x................................................................................", SUDOKU_ERR_CHAR},
    {"80 cells", "................................................................................",
     SUDOKU_ERR_LENGTH},
};
#define PUZZLE_COUNT (sizeof puzzles / sizeof puzzles[0])

/* ---- stack painting ------------------------------------------------------------------ */

extern uint32_t _stack_limit; /* lowest address the stack may use (link.ld) */
#define PAINT 0xDEADBEEFu
#define GUARD_BYTES 64u

static uintptr_t stack_pointer(void)
{
    uintptr_t sp;
    __asm volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

/*
 * Paints the free stack, calls fn(ctx), and stores in *used how many bytes below this
 * function's stack pointer fn touched. noinline, so that fn's frames are all below it.
 */
static __attribute__((noinline)) int measure_stack(int (*fn)(void *), void *ctx, size_t *used)
{
    uintptr_t sp = stack_pointer();
    volatile uint32_t *bottom = &_stack_limit;
    volatile uint32_t *top = (volatile uint32_t *)((sp - GUARD_BYTES) & ~(uintptr_t)3);
    for (volatile uint32_t *p = bottom; p < top; p++) {
        *p = PAINT;
    }
    int rc = fn(ctx);
    volatile uint32_t *low = bottom;
    while (low < top && *low == PAINT) {
        low++;
    }
    *used = sp - (uintptr_t)low;
    return rc;
}

/* ---- checks ----------------------------------------------------------------------------- */

/* The 81 cell bytes of a puzzle text (whitespace skipped); 0 if there are not 81. */
static int cells_of(const char *text, char cells[81])
{
    int n = 0;
    for (; *text; text++) {
        char c = *text;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            continue;
        }
        if (n == 81) {
            return 0;
        }
        cells[n++] = c;
    }
    return n == 81;
}

/* Every row, column and box holds 1..9 once, and every given of the puzzle is kept. */
static int is_solution_of(const char *solved, const char *puzzle)
{
    char s[81], p[81];
    if (!cells_of(solved, s) || !cells_of(puzzle, p)) {
        return 0;
    }
    for (int i = 0; i < 81; i++) {
        if (s[i] < '1' || s[i] > '9' || (p[i] != '.' && p[i] != '0' && p[i] != s[i])) {
            return 0;
        }
    }
    for (int unit = 0; unit < 27; unit++) {
        unsigned seen = 0;
        for (int k = 0; k < 9; k++) {
            int cell = unit < 9    ? 9 * unit + k
                       : unit < 18 ? 9 * k + (unit - 9)
                                   : 27 * ((unit - 18) / 3) + 3 * ((unit - 18) % 3) + 9 * (k / 3) + k % 3;
            seen |= 1u << (s[cell] - '1');
        }
        if (seen != 0x1FFu) {
            return 0;
        }
    }
    return 1;
}

/* ---- the two ways to solve ---------------------------------------------------------------- */

static char grid[256];            /* sudoku_solve works in place on this RAM buffer */
static char sliced_grid[256];     /* and the resumable solver's answer is written here */
/* The resumable states, in .bss, one at a time in one buffer: a Cortex-M0 with 16 KiB of
 * RAM has no room for the three side by side next to an 8 KiB stack. */
static union {
    sudoku_solver_t solver;
    sudoku_generator_t generator;
    sudoku_rater_t rater;
    sudoku_explainer_t explainer;
} state;
static volatile unsigned heartbeat; /* stands in for the rest of a main loop's work */

static int call_solve(void *ctx)
{
    return sudoku_solve((char *)ctx);
}

static int call_sliced(void *ctx)
{
    const char *text = ctx;
    int rc = sudoku_solver_init(&state.solver, text);
    if (rc != SUDOKU_OK) {
        return rc;
    }
    do {
        rc = sudoku_solver_step(&state.solver, SLICE_STEPS);
        heartbeat++; /* feed a watchdog, poll a UART, ... */
    } while (rc == SUDOKU_ERR_BUDGET);
    if (rc == SUDOKU_OK) {
        strcpy(sliced_grid, text);
        rc = sudoku_solver_write(&state.solver, sliced_grid);
    }
    return rc;
}

/* ---- the two ways to generate ------------------------------------------------------------ */

struct generation {
    uint64_t seed;
    uint32_t symmetry;
    uint32_t givens;      /* 0: minimal */
    const char *solution; /* NULL: a random grid */
};

/* The solution of seed 7's rot180 puzzle, as a caller's grid. */
static const char seed7_solution[82] =
    "392567481718234956654189732143798265276315849589426173431672598927853614865941327";

/* A few seeds with every symmetry, a target number of givens and a caller's grid (the
 * options' solution text is read before the generator is built: its stack counts too); the
 * first is the firmware example's, whose output is known. */
static const struct generation generations[] = {
    {7, SUDOKU_SYMMETRY_ROT180, 0, NULL}, {0, SUDOKU_SYMMETRY_NONE, 0, NULL},
    {1, SUDOKU_SYMMETRY_NONE, 0, NULL},   {2, SUDOKU_SYMMETRY_NONE, 0, NULL},
    {3, SUDOKU_SYMMETRY_ROT180, 0, NULL}, {4, SUDOKU_SYMMETRY_ROT90, 0, NULL},
    {5, SUDOKU_SYMMETRY_MIRROR_LR, 0, NULL}, {6, SUDOKU_SYMMETRY_MIRROR_TB, 0, NULL},
    {8, SUDOKU_SYMMETRY_DIAGONALS, 0, NULL}, {9, SUDOKU_SYMMETRY_NONE, 30, NULL},
    {10, SUDOKU_SYMMETRY_ROT180, 0, seed7_solution},
};
#define GENERATION_COUNT (sizeof generations / sizeof generations[0])
static const char seed7_rot180[82] =
    "39.56.........4.5..5...97..1....82...7.3.5.4...94....3..16...9..2.8.........41.27";

static char generated[82];          /* sudoku_generate's puzzle */
static char sliced_generated[82];   /* the resumable generator's */

static int call_generate(void *ctx)
{
    const struct generation *g = ctx;
    /* Static, so that this wrapper's frame is as small as call_solve's and the painted
     * figures compare the library's own stacks. */
    static sudoku_generate_options_t opts;
    opts = (sudoku_generate_options_t){
        .symmetry = g->symmetry, .givens = g->givens, .solution = g->solution};
    return sudoku_generate(generated, g->seed, &opts);
}

static int call_generator_init(void *ctx)
{
    const struct generation *g = ctx;
    /* Static, so that this wrapper's frame is as small as call_solve's and the painted
     * figures compare the library's own stacks. */
    static sudoku_generate_options_t opts;
    opts = (sudoku_generate_options_t){
        .symmetry = g->symmetry, .givens = g->givens, .solution = g->solution};
    return sudoku_generator_init(&state.generator, g->seed, &opts);
}

static int call_generator_step(void *ctx)
{
    (void)ctx;
    int rc;
    do {
        rc = sudoku_generator_step(&state.generator, SLICE_STEPS);
        heartbeat++; /* feed a watchdog, poll a UART, ... */
    } while (rc == SUDOKU_ERR_BUDGET);
    return rc == SUDOKU_OK ? sudoku_generator_write(&state.generator, sliced_generated) : rc;
}

/* ---- the technique engine ------------------------------------------------------------------ */

/* Puzzles from singles-only to the last resort (forcing nets, brute force). */
static const struct puzzle rated[] = {
    {"easy",
     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", SUDOKU_OK},
    {"hard (W-wing)",
     "......897..31....48........6..8.2..3..2..5..61.5.3....957.....2.....3.4..4.....5.", SUDOKU_OK},
    {"unfair (XY-chain)",
     "...5.41.......7..87..21....2..4..8........2..34.....59..6........4..861..5..2..9.", SUDOKU_OK},
    {"examples/puzzle.txt (nets)",
     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", SUDOKU_OK},
    {"17 givens",
     "........1........2..3.45..........4....67.1....5...........2.3..6.......17..8.9..", SUDOKU_OK},
    {"several solutions",
     "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
     SUDOKU_ERR_MULTIPLE},
};
#define RATED_COUNT (sizeof rated / sizeof rated[0])

static sudoku_rating_t rating;
static sudoku_step_t step;
static char step_text[256];

static int call_rate(void *ctx)
{
    return sudoku_rate((const char *)ctx, &rating);
}

static sudoku_rating_t sliced_rating; /* its rating */

/* One step per call: the finest slices a main loop can take. */
static int call_rater(void *ctx)
{
    int rc = sudoku_rater_init(&state.rater, (const char *)ctx);
    while (rc == SUDOKU_OK && (rc = sudoku_rater_step(&state.rater, 1)) == SUDOKU_ERR_BUDGET) {
        heartbeat++; /* feed a watchdog, poll a UART, ... */
        rc = SUDOKU_OK;
    }
    return rc == SUDOKU_OK ? sudoku_rater_write(&state.rater, &sliced_rating) : rc;
}

static char explained[82]; /* the grid the path ended with */
static unsigned explained_steps;

/* Walks the path just started in the explainer (`rc` is its init's code) to its end, one
 * step per call (sudoku_explainer_next), every placement checked against the solution (in
 * `grid`, solved before the call), and counts the steps. */
static inline __attribute__((always_inline)) int walk_path(int rc, unsigned *steps)
{
    *steps = 0;
    while (rc == SUDOKU_OK && (rc = sudoku_explainer_next(&state.explainer, &step)) == SUDOKU_OK &&
           step.kind == SUDOKU_HINT_STEP) {
        heartbeat++; /* feed a watchdog, draw the step, ... */
        (*steps)++;
        if (step.cell >= 0 && grid[step.cell] != '0' + step.digit) {
            return SUDOKU_ERR_STEP;
        }
    }
    return rc;
}

/* The whole solving path of a grid, and the grid it ends with. */
static int call_explainer(void *ctx)
{
    int rc = walk_path(sudoku_explainer_init(&state.explainer, (const char *)ctx), &explained_steps);
    return rc == SUDOKU_OK ? sudoku_explainer_grid(&state.explainer, explained, NULL) : rc;
}

/* The puzzle as a pencil-mark ("Sukaku") grid: a given one candidate, an open cell all
 * nine. Its rating and its path, from sudoku_rate_marks and sudoku_explainer_init_marks. */
static uint16_t sukaku[81];
static sudoku_rating_t marks_rating;
static unsigned marks_steps;

static int call_rate_marks(void *ctx)
{
    (void)ctx;
    return sudoku_rate_marks(sukaku, &marks_rating);
}

static sudoku_rating_t sliced_marks_rating;

/* The pencil-mark rating in slices, one step per call. */
static int call_rater_marks(void *ctx)
{
    (void)ctx;
    int rc = sudoku_rater_init_marks(&state.rater, sukaku);
    while (rc == SUDOKU_OK && (rc = sudoku_rater_step(&state.rater, 1)) == SUDOKU_ERR_BUDGET) {
        heartbeat++;
        rc = SUDOKU_OK;
    }
    return rc == SUDOKU_OK ? sudoku_rater_write(&state.rater, &sliced_marks_rating) : rc;
}

static int call_explainer_marks(void *ctx)
{
    (void)ctx;
    return walk_path(sudoku_explainer_init_marks(&state.explainer, sukaku), &marks_steps);
}

/* The same rating, field by field (padding bytes are not part of the value). */
static int same_rating(const sudoku_rating_t *a, const sudoku_rating_t *b)
{
    return a->level == b->level && a->se_rating == b->se_rating && a->hardest == b->hardest &&
           a->steps == b->steps && a->score == b->score &&
           a->needs_last_resort == b->needs_last_resort &&
           memcmp(a->counts, b->counts, sizeof a->counts) == 0;
}

static int call_hint(void *ctx)
{
    int rc = sudoku_hint((const char *)ctx, &step);
    if (rc == SUDOKU_OK) {
        sudoku_step_format(&step, step_text, sizeof step_text);
    }
    return rc;
}

/* A player's grid and pencil marks: here the givens alone, and every digit marked in every
 * cell, so that the hint is the one sudoku_hint gives, by the deeper path a game takes. */
static uint16_t all_marks[81];

static int call_hint_entries(void *ctx)
{
    return sudoku_hint_entries((const char *)ctx, (const char *)ctx, &step);
}

static int call_hint_marks(void *ctx)
{
    return sudoku_hint_marks((const char *)ctx, (const char *)ctx, all_marks, &step);
}

/* ---- generating at a level ---------------------------------------------------------------- */

static const int levels[] = {SUDOKU_LEVEL_EASY, SUDOKU_LEVEL_HARD};
#define LEVEL_COUNT (sizeof levels / sizeof levels[0])
#define LEVEL_SEED 5u

static char level_puzzle[82];
static sudoku_rating_t level_rating;

static int call_generate_level(void *ctx)
{
    return sudoku_generate_level(level_puzzle, LEVEL_SEED, NULL, *(const int *)ctx, 0,
                                 &level_rating);
}

/* The attempts of sudoku_generate_level made in slices, as a firmware that must stay
 * responsive makes them: each a generation, then a rating, a few steps per call, in the one
 * state buffer. Returns the number of attempts, 0 if none of 100 reached the level. */
static unsigned sliced_level(int level)
{
    for (uint64_t attempt = 0; attempt < 100; attempt++) {
        uint64_t seed = LEVEL_SEED + attempt * SUDOKU_LEVEL_SEED_STRIDE;
        int rc = sudoku_generator_init(&state.generator, seed, NULL);
        while (rc == SUDOKU_OK && (rc = sudoku_generator_step(&state.generator, SLICE_STEPS)) ==
                                      SUDOKU_ERR_BUDGET) {
            heartbeat++;
            rc = SUDOKU_OK;
        }
        if (rc != SUDOKU_OK || sudoku_generator_write(&state.generator, sliced_generated) != SUDOKU_OK ||
            sudoku_rater_init(&state.rater, sliced_generated) != SUDOKU_OK) {
            return 0;
        }
        while ((rc = sudoku_rater_step(&state.rater, SLICE_STEPS)) == SUDOKU_ERR_BUDGET) {
            heartbeat++;
        }
        if (rc != SUDOKU_OK || sudoku_rater_write(&state.rater, &sliced_rating) != SUDOKU_OK) {
            return 0;
        }
        if (sliced_rating.level == level) {
            return (unsigned)attempt + 1;
        }
    }
    return 0;
}

int main(void)
{
    size_t solve_stack_max = 0, sliced_stack_max = 0;
    unsigned passed = 0;

    printf("C firmware on %s: sudoku %s, sudoku_solver_t %u bytes (library needs %u)\n",
           TARGET, sudoku_version(), (unsigned)sizeof(sudoku_solver_t),
           (unsigned)sudoku_solver_size());
    if (sudoku_solver_size() > sizeof(sudoku_solver_t)) {
        printf("FAIL the library was built with the fast engine: sudoku_solver_t too small\n");
        return 1;
    }

    for (unsigned i = 0; i < PUZZLE_COUNT; i++) {
        const struct puzzle *p = &puzzles[i];
        size_t solve_stack = 0, sliced_stack = 0;
        strcpy(grid, p->text);
        int rc = measure_stack(call_solve, grid, &solve_stack);
        int ok = rc == p->expect;
        if (rc == SUDOKU_OK) {
            ok = ok && is_solution_of(grid, p->text);
        } else {
            ok = ok && strcmp(grid, p->text) == 0; /* errors leave the buffer unchanged */
        }

        unsigned beats = heartbeat;
        int sliced = measure_stack(call_sliced, (void *)p->text, &sliced_stack);
        ok = ok && sliced == rc && (rc != SUDOKU_OK || strcmp(sliced_grid, grid) == 0);
        beats = heartbeat - beats;

        printf("%s %-28s stack: sudoku_solve %4u B, init+step %4u B; %3u slices; %s\n",
               ok ? "ok  " : "FAIL", p->name, (unsigned)solve_stack, (unsigned)sliced_stack,
               beats, sudoku_strerror(rc));
        if (ok) {
            passed++;
        }
        if (p->expect == SUDOKU_OK || p->expect == SUDOKU_ERR_UNSOLVABLE) {
            solve_stack_max = solve_stack > solve_stack_max ? solve_stack : solve_stack_max;
            sliced_stack_max = sliced_stack > sliced_stack_max ? sliced_stack : sliced_stack_max;
        }
    }

    size_t generate_stack_max = 0, init_stack_max = 0, step_stack_max = 0;
    unsigned generated_ok = 0;
    for (unsigned i = 0; i < GENERATION_COUNT; i++) {
        const struct generation *g = &generations[i];
        size_t generate_stack = 0, init_stack = 0, step_stack = 0;
        int rc = measure_stack(call_generate, (void *)g, &generate_stack);
        int sliced = measure_stack(call_generator_init, (void *)g, &init_stack);
        if (sliced == SUDOKU_OK) {
            sliced = measure_stack(call_generator_step, NULL, &step_stack);
        }
        /* The same puzzle both ways, it has a solution (the caller's, if given), it has the
         * givens asked for, and seed 7's is the known one. */
        strcpy(grid, generated);
        unsigned givens = 0;
        for (unsigned c = 0; c < 81; c++) {
            givens += generated[c] != '.';
        }
        int ok = rc == SUDOKU_OK && sliced == SUDOKU_OK &&
                 strcmp(generated, sliced_generated) == 0 && sudoku_solve(grid) == SUDOKU_OK &&
                 (g->solution == NULL || strcmp(grid, g->solution) == 0) &&
                 (g->givens == 0 || givens == g->givens) &&
                 (i != 0 || strcmp(generated, seed7_rot180) == 0);
        printf("%s seed %u symmetry %u: %s stack: sudoku_generate %4u B, init %4u B, step %4u B\n",
               ok ? "ok  " : "FAIL", (unsigned)g->seed, (unsigned)g->symmetry, generated,
               (unsigned)generate_stack, (unsigned)init_stack, (unsigned)step_stack);
        generated_ok += ok;
        generate_stack_max = generate_stack > generate_stack_max ? generate_stack : generate_stack_max;
        init_stack_max = init_stack > init_stack_max ? init_stack : init_stack_max;
        step_stack_max = step_stack > step_stack_max ? step_stack : step_stack_max;
    }

    size_t rate_stack_max = 0, hint_stack_max = 0, entries_stack_max = 0, marks_stack_max = 0;
    size_t rater_stack_max = 0, explainer_stack_max = 0, sukaku_stack_max = 0;
    unsigned rated_ok = 0;
    for (unsigned i = 0; i < 81; i++) {
        all_marks[i] = 0x1FF;
    }
    for (unsigned i = 0; i < RATED_COUNT; i++) {
        const struct puzzle *p = &rated[i];
        size_t rate_stack = 0, hint_stack = 0, entries_stack = 0, marks_stack = 0, rater_stack = 0;
        int rc = measure_stack(call_rate, (void *)p->text, &rate_stack);
        /* In slices, the same code and the same rating. */
        int sliced = measure_stack(call_rater, (void *)p->text, &rater_stack);
        int sliced_agrees = sliced == rc && (rc != SUDOKU_OK || same_rating(&rating, &sliced_rating));
        /* The player's-grid forms first: the step they leave is checked only for kind. */
        int entries = measure_stack(call_hint_entries, (void *)p->text, &entries_stack);
        int entries_kind = step.kind;
        int marks = measure_stack(call_hint_marks, (void *)p->text, &marks_stack);
        int marks_kind = step.kind;
        int hint = measure_stack(call_hint, (void *)p->text, &hint_stack);
        /* The three forms agree on the code and the kind of answer. */
        int forms_agree = entries == hint && marks == hint &&
                          (hint != SUDOKU_OK || (entries_kind == step.kind && marks_kind == step.kind));
        /* The whole path ends with the solution (or, with several solutions, stops where
         * the rating does). */
        size_t explainer_stack = 0;
        strcpy(grid, p->text);
        int solvable = sudoku_solve(grid) == SUDOKU_OK;
        int explainer = measure_stack(call_explainer, (void *)p->text, &explainer_stack);
        int path_ok = solvable && (explainer == SUDOKU_OK ? strcmp(explained, grid) == 0
                                                          : explainer == rc && rc != SUDOKU_OK);
        /* The same puzzle as pencil marks: rated, and its path walked to the solution, with
         * the same outcome (several solutions stay several). */
        size_t sukaku_stack = 0, sukaku_path_stack = 0;
        for (unsigned c = 0; c < 81; c++) {
            sukaku[c] = p->text[c] == '.' ? 0x1FF : (uint16_t)(1u << (p->text[c] - '1'));
        }
        size_t sukaku_rater_stack = 0;
        int rated_marks = measure_stack(call_rate_marks, NULL, &sukaku_stack);
        int sliced_marks = measure_stack(call_rater_marks, NULL, &sukaku_rater_stack);
        int walked = measure_stack(call_explainer_marks, NULL, &sukaku_path_stack);
        int marks_ok = rc == SUDOKU_OK ? rated_marks == SUDOKU_OK && walked == SUDOKU_OK &&
                                             step.kind == SUDOKU_HINT_SOLVED &&
                                             marks_steps == (unsigned)marks_rating.steps &&
                                             sliced_marks == SUDOKU_OK &&
                                             same_rating(&marks_rating, &sliced_marks_rating)
                                       : rated_marks == rc && sliced_marks == rc;
        /* A placement must be the solution's digit. */
        int ok = rc == p->expect && (hint == SUDOKU_OK || hint == SUDOKU_ERR_MULTIPLE) && forms_agree &&
                 sliced_agrees && path_ok && marks_ok;
        if (ok && rc == SUDOKU_OK && step.cell >= 0) {
            strcpy(grid, p->text);
            ok = sudoku_solve(grid) == SUDOKU_OK && grid[step.cell] == '0' + step.digit;
        }
        if (rc == SUDOKU_OK) {
            printf("%s %-28s %s %d.%d %s; hint %s; %u steps; stack: rate %4u B, rater %4u B, "
                   "hint %4u B (entries %4u B, marks %4u B), explainer %4u B, Sukaku rate %4u B (in slices %4u B), path %4u B\n",
                   ok ? "ok  " : "FAIL", p->name, sudoku_level_name(rating.level),
                   rating.se_rating / 10, rating.se_rating % 10,
                   sudoku_technique_name(rating.hardest), hint == SUDOKU_OK ? step_text : "-",
                   explained_steps, (unsigned)rate_stack, (unsigned)rater_stack,
                   (unsigned)hint_stack, (unsigned)entries_stack, (unsigned)marks_stack,
                   (unsigned)explainer_stack, (unsigned)sukaku_stack,
                   (unsigned)sukaku_rater_stack, (unsigned)sukaku_path_stack);
        } else {
            printf("%s %-28s %s; stack: rate %4u B, rater %4u B, hint %4u B (entries %4u B, "
                   "marks %4u B), explainer %4u B, Sukaku rate %4u B (in slices %4u B), path %4u B\n",
                   ok ? "ok  " : "FAIL", p->name, sudoku_strerror(rc), (unsigned)rate_stack,
                   (unsigned)rater_stack, (unsigned)hint_stack, (unsigned)entries_stack,
                   (unsigned)marks_stack, (unsigned)explainer_stack, (unsigned)sukaku_stack,
                   (unsigned)sukaku_rater_stack, (unsigned)sukaku_path_stack);
        }
        rated_ok += ok;
        rate_stack_max = rate_stack > rate_stack_max ? rate_stack : rate_stack_max;
        rater_stack_max = rater_stack > rater_stack_max ? rater_stack : rater_stack_max;
        hint_stack_max = hint_stack > hint_stack_max ? hint_stack : hint_stack_max;
        entries_stack_max = entries_stack > entries_stack_max ? entries_stack : entries_stack_max;
        marks_stack_max = marks_stack > marks_stack_max ? marks_stack : marks_stack_max;
        explainer_stack_max =
            explainer_stack > explainer_stack_max ? explainer_stack : explainer_stack_max;
        sukaku_stack_max = sukaku_stack > sukaku_stack_max ? sukaku_stack : sukaku_stack_max;
        sukaku_stack_max =
            sukaku_path_stack > sukaku_stack_max ? sukaku_path_stack : sukaku_stack_max;
        sukaku_stack_max =
            sukaku_rater_stack > sukaku_stack_max ? sukaku_rater_stack : sukaku_stack_max;
    }

    size_t level_stack_max = 0;
    unsigned levels_ok = 0;
    for (unsigned i = 0; i < LEVEL_COUNT; i++) {
        size_t level_stack = 0;
        int rc = measure_stack(call_generate_level, (void *)&levels[i], &level_stack);
        unsigned attempts = rc == SUDOKU_OK ? sliced_level(levels[i]) : 0;
        int ok = rc == SUDOKU_OK && level_rating.level == levels[i] && attempts > 0 &&
                 strcmp(level_puzzle, sliced_generated) == 0 &&
                 same_rating(&level_rating, &sliced_rating) &&
                 sudoku_rate(level_puzzle, &rating) == SUDOKU_OK &&
                 same_rating(&level_rating, &rating);
        printf("%s %s puzzle of seed %u: %s, %u attempt(s), the same in slices; stack: "
               "sudoku_generate_level %4u B\n",
               ok ? "ok  " : "FAIL", sudoku_level_name(levels[i]), LEVEL_SEED,
               rc == SUDOKU_OK ? level_puzzle : sudoku_strerror(rc), attempts,
               (unsigned)level_stack);
        levels_ok += ok;
        level_stack_max = level_stack > level_stack_max ? level_stack : level_stack_max;
    }

    strcpy(grid, puzzles[4].text);
    if (sudoku_solve(grid) == SUDOKU_OK) {
        printf("%s solved:\n%s", puzzles[4].name, grid);
    }
    printf("FIRMWARE-C target=%s passed=%u/%u solve_stack=%u step_stack=%u generated=%u/%u "
           "generate_stack=%u generator_init_stack=%u generator_step_stack=%u rated=%u/%u "
           "rate_stack=%u rater_stack=%u hint_stack=%u hint_entries_stack=%u hint_marks_stack=%u "
           "explainer_stack=%u sukaku_stack=%u levels=%u/%u generate_level_stack=%u\n",
           TARGET, passed, (unsigned)PUZZLE_COUNT, (unsigned)solve_stack_max,
           (unsigned)sliced_stack_max, generated_ok, (unsigned)GENERATION_COUNT,
           (unsigned)generate_stack_max, (unsigned)init_stack_max, (unsigned)step_stack_max,
           rated_ok, (unsigned)RATED_COUNT, (unsigned)rate_stack_max, (unsigned)rater_stack_max,
           (unsigned)hint_stack_max,
           (unsigned)entries_stack_max, (unsigned)marks_stack_max,
           (unsigned)explainer_stack_max, (unsigned)sukaku_stack_max, levels_ok,
           (unsigned)LEVEL_COUNT, (unsigned)level_stack_max);
    return passed == PUZZLE_COUNT && generated_ok == GENERATION_COUNT && rated_ok == RATED_COUNT &&
                   levels_ok == LEVEL_COUNT
               ? 0
               : 1;
}
